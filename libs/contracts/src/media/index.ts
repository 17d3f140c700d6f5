export * from './media.js';
export * from './upload-rules.js';
export * from './upload-hints.js';
