export { OIDC_ENTITIES, OIDC_MIGRATION } from './database/oidc-database.js';
export { OIDC_PROVIDERS } from './oidc-providers.js';
export { LocalAccountEraser, type ErasedLocalAccount } from './accounts/local-account-eraser.js';
export {
  newPasswordSchema,
  passwordMessages,
  passwordProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './accounts/password-rules.js';
