import { Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  catalogEvents,
  feedImportMessages,
  remoteImportRequests,
  type RemoteImportPurpose,
} from '@castbase/contracts';
import type { MessageBus, Outbox } from '@castbase/platform-messaging';
import { episodeTagFields } from '../episodes/episode-lifecycle.js';
import { Episode } from '../episodes/episode.entity.js';
import type { Podcast } from '../podcasts/podcast.entity.js';
import { recordVersion } from '../versions/record-version.js';
import { FeedImportItem, type FeedImport } from './feed-import.entity.js';
import type { ImportedEpisode } from './map-feed.js';

/** Files asked of the media service per request (each request stays far below the bus's message size). */
const QUEUE_BATCH = 200;

/**
 * Each imported item as a draft episode of `podcast` (version 1, catalog.episode.created) that keeps the old guid,
 * and its import row. An item with a file waits for its copy ('copying'); one without stays a draft, with why.
 */
export async function createImportedEpisodes(
  em: EntityManager,
  outbox: Outbox,
  podcast: Podcast,
  feedImport: FeedImport,
  episodes: readonly ImportedEpisode[],
  userId: string,
): Promise<FeedImportItem[]> {
  const created = episodes.map((imported) => {
    const episode = em.create(Episode, {
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      title: imported.title,
      description: imported.description,
      guid: imported.guid,
      episodeType: imported.episodeType,
      explicit: imported.explicit,
      seasonNumber: imported.seasonNumber,
      episodeNumber: imported.episodeNumber,
      transcripts: imported.transcripts,
      persons: imported.persons,
      soundbites: imported.soundbites,
      location: imported.location,
      license: imported.license,
      alternateEnclosures: imported.alternateEnclosures,
      value: imported.value,
    });
    recordVersion(em, episode, userId);
    outbox.add(em, catalogEvents.episodeCreated, {
      episodeId: episode.id,
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      status: episode.status,
      ...episodeTagFields(episode),
    });
    return { imported, episode };
  });
  // The episodes' rows go first: the import rows refer to them (plain columns, so the ORM cannot order them).
  await em.flush();
  return created.map(({ imported, episode }) =>
    em.create(FeedImportItem, {
      importId: feedImport.id,
      podcastId: podcast.id,
      episodeId: episode.id,
      guid: imported.guid,
      enclosureUrl: imported.enclosure?.url ?? null,
      sizeBytes: imported.enclosure?.length ?? null,
      chaptersUrl: imported.chaptersUrl,
      publishDate: imported.publishDate,
      status: imported.enclosure ? 'copying' : 'failed',
      error: imported.enclosure ? null : feedImportMessages.noEnclosure,
    }),
  );
}

export interface CopyRequest {
  targetId: string;
  purpose: RemoteImportPurpose;
  url: string;
}

/**
 * Asks the media service to copy the files (after the episodes are committed: its answer names them). A request
 * that fails marks its episodes failed with the reason, so the screen says so instead of waiting forever.
 */
export async function queueCopies(
  em: EntityManager,
  bus: MessageBus,
  podcast: Pick<Podcast, 'id' | 'ownerId'>,
  files: readonly CopyRequest[],
): Promise<void> {
  for (let start = 0; start < files.length; start += QUEUE_BATCH) {
    const batch = files.slice(start, start + QUEUE_BATCH);
    try {
      await bus.request(remoteImportRequests.queue, {
        ownerId: podcast.ownerId,
        podcastId: podcast.id,
        files: batch,
      });
    } catch (error) {
      new Logger('FeedImport').warn(
        `Could not queue ${batch.length} copies for ${podcast.id}: ${String(error)}`,
      );
      const reason = error instanceof Error ? error.message : String(error);
      await em.nativeUpdate(
        FeedImportItem,
        {
          episodeId: {
            $in: batch.filter((file) => file.purpose === 'episode-media').map((file) => file.targetId),
          },
        },
        { status: 'failed', error: feedImportMessages.copyFailed(reason) },
      );
    }
  }
}

/** The copies the items need: each item's file that is still to copy. */
export function episodeCopies(items: readonly FeedImportItem[]): CopyRequest[] {
  return items.flatMap((item) =>
    item.status === 'copying' && item.enclosureUrl
      ? [{ targetId: item.episodeId, purpose: 'episode-media' as const, url: item.enclosureUrl }]
      : [],
  );
}
