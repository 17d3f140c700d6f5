import { Injectable } from '@nestjs/common';
import { identityEvents, type PayloadOf } from '@castbase/contracts';
import {
  reportUserErasure,
  Outbox,
  type EventContext,
  type EventHandler,
} from '@castbase/platform-messaging';
import { DownloadTargets, noteTargetChange } from '../downloads/download-targets.js';
import { Enclosure } from '../enclosures/enclosure.entity.js';
import { PodcastAccess } from '../podcasts/podcast-access.entity.js';
import { rememberErasedPodcasts } from './erased-podcasts.js';

type Definition = typeof identityEvents.userDeletionRequested;

/**
 * Analytics' part of account deletion, in the event's transaction: the downloads of the user's episodes, their
 * podcasts' access records, their enclosures (after which `/e/...` answers 404 for them) and the outbox rows that name the user, with
 * the report `analytics.user-data.erased`. A later request for the same user finds nothing and reports zeros. Their
 * podcasts are remembered in `erased_podcasts` (no user id), so that downloads still on their way from the journal do
 * not bring their data back.
 */
@Injectable()
export class EraseUserAnalyticsHandler implements EventHandler<Definition> {
  readonly definition = identityEvents.userDeletionRequested;

  constructor(
    private readonly outbox: Outbox,
    private readonly targets: DownloadTargets,
  ) {}

  async handle(
    { deletionId, userId }: PayloadOf<Definition>,
    { em }: EventContext<Definition>,
  ): Promise<void> {
    // What the storage delivered of their requests goes with them.
    await em.getConnection().execute(
      `delete from analytics.download_deliveries
           where request_id in (select id from analytics.download_requests where owner_id = ? and own_storage)`,
      [userId],
      'run',
      em.getTransactionContext(),
    );
    const deleted = await em
      .getConnection()
      .execute<{ affectedRows: number }>(
        'delete from analytics.download_requests where owner_id = ?',
        [userId],
        'run',
        em.getTransactionContext(),
      );
    const downloads = deleted.affectedRows;
    for (const statement of [
      'delete from analytics.downloads where owner_id = ?',
      'delete from analytics.listening_sessions where owner_id = ?',
      'delete from analytics.feed_requests where podcast_id in (select podcast_id from analytics.podcast_access where owner_id = ?)',
      // Their rollups outlive the requests that retention dropped.
      'select analytics.forget_feed_request_rollups(array(select podcast_id from analytics.podcast_access where owner_id = ?))',
      'delete from analytics.listener_windows where episode_id in (select episode_id from analytics.enclosures where owner_id = ?)',
    ])
      await em.getConnection().execute(statement, [userId], 'run', em.getTransactionContext());
    const gone = await em.find(Enclosure, { ownerId: userId }, { fields: ['episodeId', 'podcastId'] });
    const closed = await em.find(PodcastAccess, { ownerId: userId }, { fields: ['podcastId'] });
    const podcastIds = [...new Set([...gone, ...closed].map(({ podcastId }) => podcastId))];
    await rememberErasedPodcasts(em, podcastIds);
    const enclosures = await em.nativeDelete(Enclosure, { ownerId: userId });
    const podcasts = await em.nativeDelete(PodcastAccess, { ownerId: userId });
    for (const { episodeId } of gone) await noteTargetChange(em, this.targets, { episodeId });
    for (const { podcastId } of closed) await noteTargetChange(em, this.targets, { podcastId });
    await reportUserErasure(
      this.outbox,
      em,
      'analytics',
      { deletionId, userId },
      { downloads, enclosures, podcasts },
    );
  }
}
