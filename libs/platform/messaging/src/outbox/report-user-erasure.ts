import type { EntityManager } from '@mikro-orm/postgresql';
import { userDataErasedEvents, type ErasingService } from '@castbase/contracts';
import { eraseOutboxMentions } from './erase-outbox-mentions.js';
import type { Outbox } from './outbox.js';

/**
 * The end of every service's part of account deletion, in the event's transaction: the service's outbox rows that
 * name the user go, and its report `<service>.user-data.erased` (which carries no user id) goes out with what was
 * removed, outbox rows included.
 */
export async function reportUserErasure(
  outbox: Outbox,
  em: EntityManager,
  service: ErasingService,
  request: { deletionId: string; userId: string },
  removed: Record<string, number>,
): Promise<void> {
  const outboxMessages = await eraseOutboxMentions(em, request.userId);
  outbox.add(em, userDataErasedEvents[service], {
    deletionId: request.deletionId,
    service,
    removed: { ...removed, outboxMessages },
    erasedAt: new Date().toISOString(),
  });
}
