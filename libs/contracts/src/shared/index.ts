export * from './product.js';
export * from './validation.js';
export * from './text.js';
