import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { catalogRequests, isDomainError } from '@castbase/contracts';
import { MessageBus } from '@castbase/platform-messaging';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PodcastAccess } from './podcast-access.entity.js';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/**
 * Keeps analytics' copy of each podcast's visibility and token (hashed), which the enclosure redirect checks. The copy is
 * taken from the catalog on `catalog.podcast.created` and `.updated` (a rotated token replaces the old one at once),
 * and for a podcast this service has not heard of yet (created before this copy existed) on its first download.
 */
@Injectable()
export class PodcastAccessService {
  constructor(private readonly bus: MessageBus) {}

  /** Takes the catalog's current visibility and token; forgets a podcast the catalog no longer has. */
  async refresh(em: EntityManager, podcastId: string, ownerId: string): Promise<PodcastAccess | null> {
    const podcast = await this.bus
      .request(catalogRequests.getPodcast, { userId: ownerId, podcastId })
      .catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'PODCAST_NOT_FOUND') return null;
        throw error;
      });
    if (!podcast) {
      await em.nativeDelete(PodcastAccess, { podcastId });
      return null;
    }
    const isPrivate = podcast.visibility === 'private';
    const token = isPrivate ? podcast.privateAccessToken : null;
    const access = {
      podcastId,
      ownerId: podcast.ownerId,
      private: isPrivate,
      tokenHash: token ? hashToken(token).toString('hex') : null,
      updatedAt: new Date(),
    };
    await em.upsert(PodcastAccess, access);
    return Object.assign(new PodcastAccess(), access);
  }

  async forget(em: EntityManager, podcastId: string): Promise<void> {
    await em.nativeDelete(PodcastAccess, { podcastId });
  }

  /** The podcast's access record, taken from the catalog when analytics has none yet; null when it is gone. */
  async find(em: EntityManager, podcastId: string, ownerId: string): Promise<PodcastAccess | null> {
    return (await em.findOne(PodcastAccess, { podcastId })) ?? (await this.refresh(em, podcastId, ownerId));
  }
}
