export * from './product.js';
export * from './validation.js';
