import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * What oidc-provider stores (sessions, grants, interactions, codes, refresh tokens, ...), one row per model
 * instance, with the columns it looks rows up by. Written by `PostgresOidcAdapter`.
 */
@Entity({ tableName: 'oidc_payloads' })
export class OidcPayload {
  [OptionalProps]?: 'grantId' | 'userCode' | 'uid' | 'accountId' | 'expiresAt' | 'consumedAt';

  /** The oidc-provider model name: Session, Grant, Interaction, AuthorizationCode, RefreshToken, ... */
  @PrimaryKey({ type: 'text' })
  kind!: string;

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Property({ type: 'text', nullable: true })
  grantId: string | null = null;

  @Property({ type: 'text', nullable: true })
  userCode: string | null = null;

  @Property({ type: 'text', nullable: true })
  uid: string | null = null;

  /** The subject the row belongs to, so that erasing an account finds all of it. */
  @Property({ type: 'text', nullable: true })
  accountId: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  consumedAt: Date | null = null;
}
