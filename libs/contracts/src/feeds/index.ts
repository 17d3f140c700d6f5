export * from './feeds.js';
export * from './feed-variants.js';
export * from './feed-test.js';
export * from './directories.js';
export * from './feed-validation.js';
export * from './rss-widget-messages.js';
