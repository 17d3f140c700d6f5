export { IdentityModule } from './identity.module.js';
export { identityDatabase } from './identity-database.js';
