export * from './feeds.js';
export * from './feed-variants.js';
