import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxMessage } from './outbox-message.entity.js';

/** Any value in the payload, at any depth, equal to the one looked for. */
const MENTIONS_VALUE = '$.** ? (@ == $value)';

/**
 * Deletes this service's outbox rows whose payload holds `value` (a user or podcast id) as a value, published or
 * not: a published one would keep the id until the relay prunes it, and a pending one would still go out and
 * have other services store data of what was erased. Whole values only, so an id that merely starts the same is
 * untouched.
 */
export function eraseOutboxMentions(em: EntityManager, value: string): Promise<number> {
  return em.nativeDelete(OutboxMessage, {
    [sql`jsonb_path_exists(payload, ${MENTIONS_VALUE}::jsonpath, jsonb_build_object('value', ${value}::text))`]: true,
  });
}
