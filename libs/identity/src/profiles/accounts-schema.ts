import { AccountDeletionStep } from '../deletion/account-deletion-step.entity.js';
import { AccountDeletion } from '../deletion/account-deletion.entity.js';
import { AnalyticsSharingOptIn } from '../settings/migration-20261129-analytics-sharing-opt-in.js';
import { UserSettings } from '../settings/user-settings.entity.js';
import { CreateAccountTables } from './migration-20261123-accounts.js';
import { StoreAvatarKey } from './migration-20261125-avatar-key.js';
import { MarketingEmailsOnePreference } from './migration-20261129-marketing-emails.js';
import { UserProfile } from './user-profile.entity.js';

/** The profile, settings and deletion tables of the identity schema, listed in identity-database.ts. */
export const ACCOUNT_ENTITIES = [UserProfile, UserSettings, AccountDeletion, AccountDeletionStep];
export const ACCOUNT_MIGRATIONS = [
  { name: '20261123000200_accounts', class: CreateAccountTables },
  { name: '20261125000100_avatar_key', class: StoreAvatarKey },
  { name: '20261129000300_analytics_sharing_opt_in', class: AnalyticsSharingOptIn },
  { name: '20261129000400_marketing_emails', class: MarketingEmailsOnePreference },
];
