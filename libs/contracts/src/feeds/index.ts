export * from './feeds.js';
export * from './feed-variants.js';
export * from './feed-test.js';
export * from './directory-catalogue.js';
export * from './directories.js';
export * from './directory-messages.js';
export * from './feed-validation.js';
export * from './rss-widget-messages.js';
