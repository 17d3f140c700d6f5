import type { EntityManager } from '@mikro-orm/postgresql';
import {
  feedPath,
  remoteImportRequests,
  type FeedImportItem as FeedImportItemDto,
  type FeedImportStatus,
  type RemoteImportProgress,
} from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';
import { Episode } from '../episodes/episode.entity.js';
import type { Podcast } from '../podcasts/podcast.entity.js';
import { FeedImportItem, type FeedImport } from './feed-import.entity.js';

/**
 * The import as its screen shows it: every imported episode (newest first) with how its copy goes, the bytes the
 * media service has copied so far, and the address the old feed should redirect to.
 */
export async function feedImportStatus(
  em: EntityManager,
  bus: MessageBus,
  publicUrl: string,
  podcast: Podcast,
  feedImport: FeedImport,
): Promise<FeedImportStatus> {
  const [items, { files }] = await Promise.all([
    em.find(
      FeedImportItem,
      { importId: feedImport.id },
      { orderBy: { publishDate: 'desc', createdAt: 'desc' } },
    ),
    bus.request(remoteImportRequests.progress, { ownerId: podcast.ownerId, podcastId: podcast.id }),
  ]);
  const titles = new Map(
    (
      await em.find(
        Episode,
        { id: { $in: items.map((item) => item.episodeId) } },
        { fields: ['id', 'title'], disableIdentityMap: true },
      )
    ).map((episode) => [episode.id, episode.title]),
  );
  const copies = new Map<string, RemoteImportProgress>();
  for (const file of files) if (file.purpose === 'episode-media') copies.set(file.targetId, file);
  const dtos = items.map((item) =>
    itemDto(item, titles.get(item.episodeId) ?? '', copies.get(item.episodeId)),
  );
  const count = (status: FeedImportItemDto['status']) => dtos.filter((item) => item.status === status).length;
  return {
    podcastId: podcast.id,
    podcastName: podcast.name,
    feedUrl: feedImport.feedUrl,
    newFeedUrl: `${publicUrl}${feedPath(podcast)}`,
    startedAt: feedImport.startedAt.toISOString(),
    lastRunAt: feedImport.lastRunAt.toISOString(),
    added: feedImport.added,
    total: dtos.length,
    ready: count('ready'),
    failed: count('failed'),
    bytesDone: dtos.reduce((sum, item) => sum + item.bytesDone, 0),
    bytesTotal: dtos.reduce((sum, item) => sum + (item.bytesTotal ?? 0), 0),
    finished: count('copying') === 0,
    items: dtos,
  };
}

function itemDto(
  item: FeedImportItem,
  title: string,
  copy: RemoteImportProgress | undefined,
): FeedImportItemDto {
  const bytesTotal = copy?.bytesTotal ?? item.sizeBytes ?? null;
  return {
    episodeId: item.episodeId,
    guid: item.guid,
    title,
    publishDate: item.publishDate?.toISOString() ?? null,
    status: item.status,
    bytesDone: item.status === 'ready' ? (copy?.bytesDone ?? bytesTotal ?? 0) : (copy?.bytesDone ?? 0),
    bytesTotal,
    error: item.error,
  };
}
