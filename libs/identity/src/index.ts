export { IdentityModule } from './identity.module.js';
export { identityDatabase } from './identity-database.js';
export {
  LocalAccountEraser,
  newPasswordSchema,
  passwordMessages,
  passwordProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ErasedLocalAccount,
} from './oidc/index.js';
