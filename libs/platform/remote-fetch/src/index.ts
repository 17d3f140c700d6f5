export * from './remote-fetcher.js';
export * from './remote-text.js';
