export * from './feeds.js';
