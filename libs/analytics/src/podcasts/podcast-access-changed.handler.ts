import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventContext, EventHandler } from '@castbase/platform-messaging';
import { DownloadTargets, noteTargetChange } from '../downloads/download-targets.js';
import { rememberErasedPodcasts } from '../erasure/erased-podcasts.js';
import { PodcastAccessService } from './podcast-access.service.js';

/** A new podcast: its visibility and token are copied for the download check. */
@Injectable()
export class PodcastCreatedAccessHandler implements EventHandler<typeof catalogEvents.podcastCreated> {
  readonly definition = catalogEvents.podcastCreated;

  constructor(
    private readonly access: PodcastAccessService,
    private readonly targets: DownloadTargets,
  ) {}

  async handle(payload: PayloadOf<typeof catalogEvents.podcastCreated>, { em }: EventContext): Promise<void> {
    await this.access.refresh(em, payload.podcastId, payload.ownerId);
    await noteTargetChange(em, this.targets, { podcastId: payload.podcastId });
  }
}

/** Saved settings or a rotated token: the download check uses the new visibility and token from this commit on. */
@Injectable()
export class PodcastUpdatedAccessHandler implements EventHandler<typeof catalogEvents.podcastUpdated> {
  readonly definition = catalogEvents.podcastUpdated;

  constructor(
    private readonly access: PodcastAccessService,
    private readonly targets: DownloadTargets,
  ) {}

  async handle(payload: PayloadOf<typeof catalogEvents.podcastUpdated>, { em }: EventContext): Promise<void> {
    await this.access.refresh(em, payload.podcastId, payload.ownerId);
    await noteTargetChange(em, this.targets, { podcastId: payload.podcastId });
  }
}

/**
 * A deleted podcast: nothing is kept about it — its access record, its episodes' enclosures (their `/e/` URLs answer
 * 404), their recorded and counted downloads (with what the storage delivered of them), listening sessions and feed
 * requests. It is remembered in `erased_podcasts`, as an erased account's podcasts are, so that downloads still on
 * their way from a journal do not bring it back.
 */
@Injectable()
export class PodcastDeletedAccessHandler implements EventHandler<typeof catalogEvents.podcastDeleted> {
  readonly definition = catalogEvents.podcastDeleted;

  constructor(
    private readonly access: PodcastAccessService,
    private readonly targets: DownloadTargets,
  ) {}

  async handle(payload: PayloadOf<typeof catalogEvents.podcastDeleted>, { em }: EventContext): Promise<void> {
    await this.access.forget(em, payload.podcastId);
    const connection = em.getConnection();
    const episodes = await connection.execute<Array<{ episode_id: string }>>(
      'select episode_id from analytics.enclosures where podcast_id = ?',
      [payload.podcastId],
      'all',
      em.getTransactionContext(),
    );
    for (const table of [
      'listener_windows where episode_id in (select episode_id from analytics.enclosures where podcast_id = ?)',
      'enclosures where podcast_id = ?',
      'downloads where podcast_id = ?',
      'download_deliveries where request_id in (select id from analytics.download_requests where podcast_id = ? and own_storage)',
      'download_requests where podcast_id = ?',
      'download_recounts where podcast_id = ?',
      'feed_requests where podcast_id = ?',
      'listening_sessions where podcast_id = ?',
    ])
      await connection.execute(
        `delete from analytics.${table}`,
        [payload.podcastId],
        'run',
        em.getTransactionContext(),
      );
    await rememberErasedPodcasts(em, [payload.podcastId]);
    // The feed requests' rollups outlive the requests that retention dropped.
    await connection.execute(
      'select analytics.forget_feed_request_rollups(array[?]::uuid[])',
      [payload.podcastId],
      'run',
      em.getTransactionContext(),
    );
    for (const { episode_id: episodeId } of episodes) await noteTargetChange(em, this.targets, { episodeId });
    await noteTargetChange(em, this.targets, { podcastId: payload.podcastId });
  }
}
