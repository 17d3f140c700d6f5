export * from './definitions.js';
export * from './envelope.js';
