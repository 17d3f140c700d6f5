import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRequests,
  DomainError,
  missingApplePodcastsFields,
  podcastMessages,
  type ParsedPodcastSettingsInput,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { MessageBus, Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { violatesUniqueConstraint } from '@castbase/platform-persistence';
import { ObjectStorage } from '@castbase/platform-storage';
import { requirePodcastRole } from '../access/podcast-access.js';
import { NO_ARTWORK, ownersArtwork, type PodcastArtwork } from './podcast-artwork.js';
import { feedAddressOf, podcastUpdatedPayload } from './podcast-events.js';
import { Podcast } from './podcast.entity.js';
import { newPrivateAccessToken } from './private-token.js';

type Definition = typeof catalogRequests.updatePodcast;

/**
 * Saves the Podcast tab of settings (spec 1 §5 "Podcast settings save"), owner only: every field at once, after
 * the rules the form checks too (the contract's schema, then the fields Apple requires). A private podcast gets its
 * feed token the first time it is made private. The feed is rendered again on catalog.podcast.updated, which says
 * where the feed was when a new slug moved it.
 */
@Injectable()
export class UpdatePodcastHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.updatePodcast;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
    private readonly bus: MessageBus,
  ) {}

  async handle({ userId, podcastId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const current = await requirePodcastRole(this.em.fork(), userId, podcastId, 'manage');
    const missing = missingApplePodcastsFields({ ...input, hasArtwork: input.artworkMediaId !== null });
    if (missing.length > 0) {
      throw new DomainError('VALIDATION_FAILED', podcastMessages.appleRequired, { missing });
    }
    const artwork = await this.artwork(current.podcast, input.artworkMediaId);
    try {
      return await this.save(userId, podcastId, input, artwork);
    } catch (error) {
      // Another of the owner's podcasts took the slug between our check and our update.
      if (violatesUniqueConstraint(error, 'podcasts_owner_id_slug_unique'))
        throw new DomainError('SLUG_TAKEN');
      throw error;
    }
  }

  /** The artwork kept as it is, or a new image of the owner's, checked by the media service. */
  private async artwork(podcast: Podcast, artworkMediaId: string | null): Promise<PodcastArtwork> {
    if (artworkMediaId === null) return NO_ARTWORK;
    if (artworkMediaId === podcast.artworkMediaId) {
      return { artworkMediaId, artworkKey: podcast.artworkKey };
    }
    return ownersArtwork(this.bus, podcast.ownerId, artworkMediaId);
  }

  private save(
    userId: string,
    podcastId: string,
    input: ParsedPodcastSettingsInput,
    artwork: PodcastArtwork,
  ): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      // Read again under the transaction: the role may have changed since the checks above.
      const { podcast } = await requirePodcastRole(em, userId, podcastId, 'manage');
      const slugTaken =
        input.slug !== podcast.slug &&
        (await em.count(Podcast, { ownerId: podcast.ownerId, slug: input.slug, id: { $ne: podcast.id } })) >
          0;
      if (slugTaken) throw new DomainError('SLUG_TAKEN');
      const before = feedAddressOf(podcast);
      const { artworkMediaId: _artworkMediaId, ...fields } = input;
      em.assign(podcast, { ...fields, ...artwork });
      if (podcast.visibility === 'private' && podcast.privateAccessToken === null) {
        podcast.privateAccessToken = newPrivateAccessToken();
      }
      this.outbox.add(em, catalogEvents.podcastUpdated, podcastUpdatedPayload(podcast, before));
      await em.flush();
      return podcast.toDto(this.storage, 'owner');
    });
  }
}
