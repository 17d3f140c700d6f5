export { SocialModule } from './social.module.js';
export { socialDatabase } from './social-database.js';
