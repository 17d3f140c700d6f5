export * from './podcast.js';
export * from './episode.js';
export * from './messages.js';
