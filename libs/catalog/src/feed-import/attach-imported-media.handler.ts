import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  catalogEvents,
  CHAPTERS_MAX,
  chaptersProblems,
  feedImportMessages,
  IMPORT_CHAPTERS_MAX_BYTES,
  parseJsonChapters,
  remoteImportEvents,
  type Chapter,
  type PayloadOf,
} from '@castbase/contracts';
import { Outbox, type EventHandler, type EventHandlerContext } from '@castbase/platform-messaging';
import { RemoteFetcher } from '@castbase/platform-remote-fetch';
import { addStatusChangeEvents } from '../episodes/episode-events.js';
import { episodeFact, episodeTagFields } from '../episodes/episode-lifecycle.js';
import { Episode } from '../episodes/episode.entity.js';
import { Podcast } from '../podcasts/podcast.entity.js';
import { recordVersion } from '../versions/record-version.js';
import { FEED_IMPORT_FETCHER } from './feed-import-fetcher.js';
import { FeedImportItem } from './feed-import.entity.js';

type Finished = typeof remoteImportEvents.finished;

const CHAPTERS_TIMEOUT_MS = 10_000;

/**
 * A copy the media service finished. An episode's file: the draft gets it, its chapters (read from the old feed's
 * podcast:chapters file when it had one; a file that cannot be read leaves none) and is published with the date the
 * old feed gave (catalog.episode.updated and .published). A failed copy leaves the draft as it is, with the reason
 * on its import row for the screen. The artwork becomes the podcast's when it has none yet.
 */
@Injectable()
export class AttachImportedMediaHandler implements EventHandler<Finished> {
  readonly definition = remoteImportEvents.finished;
  private readonly logger = new Logger(AttachImportedMediaHandler.name);

  constructor(
    private readonly outbox: Outbox,
    @Inject(FEED_IMPORT_FETCHER) private readonly fetcher: RemoteFetcher,
  ) {}

  async handle(payload: PayloadOf<Finished>, { em }: EventHandlerContext<Finished>): Promise<void> {
    if (payload.purpose === 'podcast-art') return this.attachArtwork(em, payload);
    const pending = await em.findOne(FeedImportItem, {
      episodeId: payload.targetId,
      podcastId: payload.podcastId,
    });
    if (!pending || pending.status !== 'copying') return;
    // Read before any row is locked: the chapters file is on another server.
    const chapters =
      payload.status === 'ready' && payload.media
        ? await this.chapters(pending.chaptersUrl, payload.media.durationSeconds)
        : [];
    const item = await em.findOneOrFail(FeedImportItem, pending.id, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    const episode = await em.findOne(
      Episode,
      { id: payload.targetId, ownerId: payload.ownerId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (item.status !== 'copying' || !episode) return;
    if (payload.status === 'failed' || !payload.media) {
      item.status = 'failed';
      item.error = payload.error ?? feedImportMessages.copyFailed('unknown reason');
      await em.flush();
      return;
    }
    item.status = 'ready';
    // The creator gave the episode a file of their own meanwhile: theirs stays.
    if (episode.media) {
      await em.flush();
      return;
    }
    const before = { status: episode.status, scheduledReleaseDate: episode.scheduledReleaseDate };
    episode.media = payload.media;
    if (episode.chapters.length === 0) episode.chapters = chapters;
    if (episode.status === 'draft') {
      episode.status = 'published';
      episode.publishDate = item.publishDate ?? new Date();
      episode.scheduledReleaseDate = null;
    }
    recordVersion(em, episode, episode.ownerId);
    this.outbox.add(em, catalogEvents.episodeUpdated, {
      ...episodeFact(episode),
      status: episode.status,
      ...episodeTagFields(episode),
    });
    addStatusChangeEvents(this.outbox, em, episode, before);
    await em.flush();
  }

  private async attachArtwork(em: EntityManager, payload: PayloadOf<Finished>): Promise<void> {
    if (payload.status !== 'ready' || !payload.media) {
      this.logger.warn(
        `The artwork of imported podcast ${payload.podcastId} was not copied: ${payload.error}`,
      );
      return;
    }
    const podcast = await em.findOne(
      Podcast,
      { id: payload.targetId, ownerId: payload.ownerId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!podcast || podcast.artworkMediaId) return;
    podcast.artworkMediaId = payload.media.mediaId;
    podcast.artworkKey = payload.media.storageKey;
    this.outbox.add(em, catalogEvents.podcastUpdated, {
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      slug: podcast.slug,
      ownerUsername: podcast.ownerUsername,
    });
    await em.flush();
  }

  /** The old feed's JSON chapters, when it had a file that reads as valid chapters of this episode; else none. */
  private async chapters(url: string | null, durationSeconds: number): Promise<Chapter[]> {
    if (!url) return [];
    try {
      const response = await this.fetcher.fetch(url, {
        accept: 'application/json+chapters, application/json;q=0.9',
        maxBytes: IMPORT_CHAPTERS_MAX_BYTES,
        timeoutMs: CHAPTERS_TIMEOUT_MS,
      });
      const parsed = parseJsonChapters(response.body.toString('utf8'));
      if ('error' in parsed) return [];
      const chapters = parsed.chapters.slice(0, CHAPTERS_MAX);
      return chaptersProblems(chapters, durationSeconds).length === 0 ? chapters : [];
    } catch (error) {
      this.logger.warn(`The chapters at ${url} were not read: ${String(error)}`);
      return [];
    }
  }
}
