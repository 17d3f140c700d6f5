export * from './messaging/index.js';
export * from './errors/index.js';
export * from './catalog/index.js';
export * from './media/index.js';
export * from './feeds/index.js';
export * from './services.js';
export * from './events.js';
