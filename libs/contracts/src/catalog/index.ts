export * from './categories.js';
export * from './languages.js';
export * from './podcast.js';
export * from './onboarding-podcast.js';
export * from './episode.js';
export * from './messages.js';
