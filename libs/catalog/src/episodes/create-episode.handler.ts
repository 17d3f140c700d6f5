import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogEvents, catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { MessageBus, Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { requirePodcastRole } from '../access/podcast-access.js';
import { withDatabaseRefusals } from '../database/database-refusals.js';
import { recordVersion } from '../versions/record-version.js';
import { attachableArtwork, attachableMedia } from './episode-attachments.js';
import { applyAttachments, applyPlainFields, applyStatus, checkPodcasting20 } from './episode-edits.js';
import { addStatusChangeEvents } from './episode-events.js';
import { Episode } from './episode.entity.js';
import { episodeTagFields } from './episode-lifecycle.js';

type Definition = typeof catalogRequests.createEpisode;

/**
 * A new episode in the status its input asks (draft by default; published needs media and is published now;
 * scheduled needs a future date). It belongs to the podcast's owner whoever creates it (an editor may), and is
 * version 1. catalog.episode.created, and published or scheduled when so, commit with it (outbox).
 */
@Injectable()
export class CreateEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.createEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly bus: MessageBus,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, podcastId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const { podcast } = await requirePodcastRole(this.em.fork(), userId, podcastId, 'editEpisodes');
    const media = input.mediaId ? await attachableMedia(this.bus, userId, input.mediaId) : null;
    const artwork = input.artworkMediaId
      ? await attachableArtwork(this.bus, userId, input.artworkMediaId)
      : undefined;
    return withDatabaseRefusals(() =>
      this.em.fork().transactional(async (em) => {
        const episode = em.create(Episode, { podcastId, ownerId: podcast.ownerId, title: input.title });
        applyPlainFields(episode, input);
        applyAttachments(episode, { media, artwork });
        checkPodcasting20(episode, null);
        const before = { status: 'draft' as const, scheduledReleaseDate: null, mediaId: null };
        applyStatus(episode, input.status, this.scheduledDate(input.scheduledReleaseDate), before);
        recordVersion(em, episode, userId);
        this.outbox.add(em, catalogEvents.episodeCreated, {
          episodeId: episode.id,
          podcastId,
          ownerId: podcast.ownerId,
          status: episode.status,
          ...episodeTagFields(episode),
        });
        addStatusChangeEvents(this.outbox, em, episode, before);
        await em.flush();
        return episode.toDto(this.storage);
      }),
    );
  }

  private scheduledDate(value: string | null | undefined): Date | null {
    return value ? new Date(value) : null;
  }
}
