export { OIDC_ENTITIES, OIDC_MIGRATION } from './database/oidc-database.js';
export { OIDC_PROVIDERS } from './oidc-providers.js';
export { LocalAccountEraser, type ErasedLocalAccount } from './accounts/local-account-eraser.js';
