import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '@nestjs/common';
import type { Response } from 'express';
import { catalogRequests, dataExportFileName, identityRequests, type ReplyOf } from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';

/** Episodes asked of the catalog per page while the export streams. */
const EXPORT_EPISODE_PAGE_SIZE = 500;

/**
 * Streams the caller's data export as one JSON document: settings, profile and podcasts first, then the episodes
 * page by page as the catalog hands them over, so no export is ever held in memory whole. The first part is
 * fetched before anything is sent, so a failure there is an ordinary error answer; once the download has begun,
 * a failure ends it early — the JSON is visibly cut short — and is logged.
 */
export async function streamAccountExport(
  bus: MessageBus,
  userId: string,
  response: Response,
  logger: Logger,
): Promise<void> {
  const exportedAt = new Date();
  const [settings, { profile }, { items: visiblePodcasts }] = await Promise.all([
    bus.request(identityRequests.getSettings, { userId }),
    bus.request(identityRequests.getProfile, { userId }),
    bus.request(catalogRequests.listPodcasts, { userId }),
  ]);
  // The caller's own podcasts: those shared with them are their owners' data.
  const podcasts = visiblePodcasts.filter((podcast) => podcast.role === 'owner');
  const head =
    `{"exportedAt":${JSON.stringify(exportedAt.toISOString())},"settings":${JSON.stringify(settings)},` +
    `"profile":${JSON.stringify(profile)},"podcasts":${JSON.stringify(podcasts)},"episodes":[`;

  async function* body(): AsyncGenerator<string> {
    yield head;
    try {
      let after: string | null = null;
      let separator = '';
      do {
        const page: ReplyOf<typeof catalogRequests.exportEpisodes> = await bus.request(
          catalogRequests.exportEpisodes,
          {
            ownerId: userId,
            after,
            limit: EXPORT_EPISODE_PAGE_SIZE,
          },
        );
        if (page.items.length > 0) {
          yield separator + page.items.map((episode) => JSON.stringify(episode)).join(',');
          separator = ',';
        }
        after = page.next;
      } while (after);
    } catch (error) {
      logger.error({ err: error }, 'the data export was cut short');
      return;
    }
    yield ']}';
  }

  response.status(200);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Disposition', `attachment; filename="${dataExportFileName(exportedAt)}"`);
  response.setHeader('Cache-Control', 'no-store');
  try {
    // pipeline writes as fast as the client reads (a full socket buffer pauses the generator) and stops asking
    // the catalog for pages when the client goes away.
    await pipeline(Readable.from(body()), response);
  } catch (error) {
    logger.warn({ err: error }, 'the data export download ended before it was complete');
  }
}
