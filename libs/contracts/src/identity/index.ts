export * from './profile.js';
export * from './settings.js';
export * from './deletion.js';
export * from './callback-errors.js';
export * from './messages.js';
