export { IdentityModule } from './identity.module.js';
export { identityDatabase } from './identity-database.js';
export { LocalAccountEraser, type ErasedLocalAccount } from './oidc/index.js';
export { WeeklyReportMails } from './notifications/notifications.js';
