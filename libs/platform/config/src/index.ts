export * from './env-variable.js';
export * from './env-schemas.js';
export * from './load-config.js';
export * from './app-config.js';
export * from './oidc-settings.js';
export * from './startup-error.js';
