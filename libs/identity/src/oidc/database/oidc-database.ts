import { Account } from './account.entity.js';
import { CreateOidcTables } from './create-oidc-tables.migration.js';
import { OidcKey } from './oidc-key.entity.js';
import { OidcPayload } from './oidc-payload.entity.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { SentMail } from './sent-mail.entity.js';

/** The schema the identity service uses for its tables (raw SQL names it; entities inherit it from the ORM). */
export const IDENTITY_SCHEMA = 'identity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a subject can be a local account's id (external issuers' subjects are not UUIDs). */
export function isLocalAccountId(subject: string): boolean {
  return UUID.test(subject);
}

/** Add to the identity service's entities. */
export const OIDC_ENTITIES = [Account, PasswordResetToken, SentMail, OidcPayload, OidcKey] as const;

/** Add to the identity service's migrations (after the messaging tables). */
export const OIDC_MIGRATION = { name: '20261123000100_identity_oidc', class: CreateOidcTables } as const;
