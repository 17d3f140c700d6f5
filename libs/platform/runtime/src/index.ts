export * from './runtime-pieces.js';
export * from './runtime.module.js';
export * from './run-process.js';
export * from './http-error.filter.js';
export * from './answer-unexpected-error.js';
export * from './fast-http-routes.js';
export * from './storage-delivery-log.js';
export * from './http-front.js';
