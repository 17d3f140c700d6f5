import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { notificationKindSchema, type NotificationKind } from '@castbase/contracts';
import { keptInDatabase } from '../oidc/provider/provider-keys.js';

/** Bytes of the HMAC-SHA256 kept in a token: 128 bits cannot be guessed, and the link stays short. */
const MAC_BYTES = 16;

/** Who and which e-mails an unsubscribe token stands for. */
export interface UnsubscribeSubject {
  userId: string;
  kind: NotificationKind;
}

/**
 * The tokens of the unsubscribe links: `{user id, base64url}.{kind}.{HMAC-SHA256 of both, base64url}` under a key of the
 * deployment's own, made by the first replica that needs it and kept in the identity database with the provider's keys
 * (`oidc_keys`, name `unsubscribe-key`). A token needs no sign-in and never expires (an e-mail may be opened months
 * later); it can do one thing, turn its kind of e-mail off for its user, and can only be made with the key.
 */
@Injectable()
export class UnsubscribeTokens {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly em: EntityManager) {}

  async tokenFor(userId: string, kind: NotificationKind): Promise<string> {
    const body = `${Buffer.from(userId, 'utf8').toString('base64url')}.${kind}`;
    return `${body}.${this.mac(await this.secret(), body).toString('base64url')}`;
  }

  /** The subject of a token made by `tokenFor`; null for anything else. */
  async verify(token: string): Promise<UnsubscribeSubject | null> {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [encodedUser = '', kindText = '', macText = ''] = parts;
    const kind = notificationKindSchema.safeParse(kindText);
    const given = Buffer.from(macText, 'base64url');
    if (!kind.success || encodedUser === '' || given.length !== MAC_BYTES) return null;
    const expected = this.mac(await this.secret(), `${encodedUser}.${kindText}`);
    if (!timingSafeEqual(given, expected)) return null;
    return { userId: Buffer.from(encodedUser, 'base64url').toString('utf8'), kind: kind.data };
  }

  private mac(key: Buffer, body: string): Buffer {
    return createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
  }

  private secret(): Promise<Buffer> {
    this.key ??= keptInDatabase(this.em, 'unsubscribe-key', () => randomBytes(32).toString('base64url')).then(
      (value) => Buffer.from(value, 'base64url'),
      (error: unknown) => {
        // The database was away: the next token asks again.
        this.key = undefined;
        throw error;
      },
    );
    return this.key;
  }
}
