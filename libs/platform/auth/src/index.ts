export * from './authenticated-user.js';
export * from './auth-options.js';
export * from './jwt.strategy.js';
export * from './jwt-auth.guard.js';
export * from './auth.module.js';
export * from './dev-token.js';
