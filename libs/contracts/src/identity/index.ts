export * from './profile.js';
export * from './settings.js';
export * from './deletion.js';
export * from './callback-errors.js';
export * from './messages.js';
export * from './onboarding-exit.js';
export * from './profile-creation.js';
export * from './password.js';
