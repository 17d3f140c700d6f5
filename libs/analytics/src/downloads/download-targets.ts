import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DELIVERY_REFERENCE_PARAMETER } from '@castbase/contracts';
import { ObjectStorage } from '@castbase/platform-storage';
import { PodcastAccessService } from '../podcasts/podcast-access.service.js';
import type { PodcastGate } from './podcast-gate.js';

export type { PodcastGate } from './podcast-gate.js';

/** A published episode's media as the redirect needs it. */
export interface DownloadTarget {
  episodeId: string;
  podcastId: string;
  ownerId: string;
  mediaKey: string;
  sizeBytes: number | null;
  durationSeconds: number | null;
}

/**
 * Where a listener is sent for a media file. `deliveryUrl` is set when the storage serves it itself and reports the
 * bytes it sent: the URL with the delivery parameter open, to which the redirect appends its request's id.
 */
export interface MediaLocation {
  url: string;
  deliveryUrl: string | null;
}

const POLL_INTERVAL_MS = 1_000;
/** Changes are read again for this long, so one committed late by a slow transaction is not missed. */
const POLL_OVERLAP_MS = 10_000;
/** After a change in this process, its ids are read from the database for this long (past the change's commit). */
const BYPASS_MS = 2_000;
const PRESIGNED_URL_REUSE_MS = 30_000;
const MAX_PRELOADED = 100_000;
const MAX_UNKNOWN = 10_000;
const UNKNOWN_FOR_MS = 10_000;
const CHANGES_KEPT_MS = 60 * 60 * 1000;
const PRUNE_EVERY_POLLS = 60;

/**
 * The enclosure redirect's memory: each published episode's media, each podcast's gate, the media's URLs. Loaded
 * at start (the most recently changed enclosures, up to 100,000), filled on a miss from the database, and kept
 * current from `download_target_changes`, which the event handlers write in their transactions: every replica reads
 * it each second and drops what changed. In the process that handled a change, `invalidate` drops it at once and
 * reads those ids from the database for two seconds, past the handler's commit.
 */
@Injectable()
export class DownloadTargets implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DownloadTargets.name);
  /** Entries are `fresh` until a change drops them; a dropped one is still the last known, for when the database is away. */
  private readonly targets = new Map<string, Known<DownloadTarget>>();
  private readonly unknown = new Map<string, number>();
  private readonly gates = new Map<string, Known<PodcastGate>>();
  private readonly urls = new Map<string, { location: MediaLocation; until: number }>();
  private readonly bypass = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private changesSince = new Date();
  private polls = 0;
  /** Changes already applied in the overlap window, so one is applied once (read again, it must not drop a fresh entry). */
  private readonly applied = new Map<string, number>();
  private pollFailing = false;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly podcastAccess: PodcastAccessService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.changesSince = await this.databaseNow();
    const rows = await this.execute<EnclosureRow>(
      `select ${ENCLOSURE_COLUMNS} from analytics.enclosures where unpublished_at is null order by updated_at desc limit ${MAX_PRELOADED}`,
    );
    for (const row of rows) this.targets.set(row.episode_id, { value: targetOf(row), fresh: true });
    this.timer = setInterval(() => void this.poll(), POLL_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.polling;
  }

  /** The episode's target if memory knows it (null: known not to exist), undefined when the database must say. */
  targetFromMemory(episodeId: string, now: number): DownloadTarget | null | undefined {
    const target = this.targets.get(episodeId);
    if (target?.fresh) return target.value;
    const unknownUntil = this.unknown.get(episodeId);
    if (unknownUntil !== undefined && unknownUntil > now) return null;
    return undefined;
  }

  async loadTarget(episodeId: string): Promise<DownloadTarget | null> {
    const [row] = await this.execute<EnclosureRow>(
      `select ${ENCLOSURE_COLUMNS} from analytics.enclosures where episode_id = ? and unpublished_at is null`,
      [episodeId],
    );
    const now = Date.now();
    const fresh = !this.bypassed(episodeId, now);
    if (!row) {
      this.targets.delete(episodeId);
      if (!fresh) return null;
      if (this.unknown.size >= MAX_UNKNOWN) this.unknown.clear();
      this.unknown.set(episodeId, now + UNKNOWN_FOR_MS);
      return null;
    }
    const target = targetOf(row);
    this.targets.set(episodeId, { value: target, fresh });
    return target;
  }

  gateFromMemory(podcastId: string): PodcastGate | undefined {
    const gate = this.gates.get(podcastId);
    return gate?.fresh ? gate.value : undefined;
  }

  /** The podcast's gate from the database, or from the catalog for a podcast analytics has not heard of yet. */
  async loadGate(podcastId: string, ownerId: string): Promise<PodcastGate> {
    const em = this.em.fork();
    const access = await this.podcastAccess.find(em, podcastId, ownerId);
    const gate: PodcastGate = {
      private: access?.private ?? false,
      tokenHash: access?.tokenHash ? Buffer.from(access.tokenHash, 'hex') : null,
    };
    this.gates.set(podcastId, { value: gate, fresh: !this.bypassed(podcastId, Date.now()) });
    return gate;
  }

  mediaUrlFromMemory(mediaKey: string, now: number): MediaLocation | undefined {
    const known = this.urls.get(mediaKey);
    return known && known.until > now ? known.location : undefined;
  }

  /** Where the media is: its public URL (remembered), or a presigned one (reused for 30 of its 60 seconds). */
  async loadMediaUrl(mediaKey: string): Promise<MediaLocation> {
    const { url, presigned, reportsDelivery } = await this.storage.readUrl(mediaKey);
    const location: MediaLocation = {
      url,
      deliveryUrl: reportsDelivery
        ? `${url}${url.includes('?') ? '&' : '?'}${DELIVERY_REFERENCE_PARAMETER}=`
        : null,
    };
    if (this.urls.size >= MAX_PRELOADED) this.urls.clear();
    this.urls.set(mediaKey, {
      location,
      until: presigned ? Date.now() + PRESIGNED_URL_REUSE_MS : Number.POSITIVE_INFINITY,
    });
    return location;
  }

  /**
   * What memory last knew of an episode, its podcast's gate and its media's URL, fresh or not: the answer while the
   * database is away (listeners come first). Undefined when memory never knew one of them.
   */
  lastKnown(
    episodeId: string,
    podcastId: string,
  ): { target: DownloadTarget; gate: PodcastGate; location: MediaLocation } | undefined {
    const target = this.targets.get(episodeId)?.value;
    const gate = this.gates.get(podcastId)?.value;
    const location = target && this.urls.get(target.mediaKey)?.location;
    return target && gate && location ? { target, gate, location } : undefined;
  }

  /** Drops what a change in this process touched, and reads those ids from the database past its commit. */
  invalidate(change: { episodeId?: string | undefined; podcastId?: string | undefined }): void {
    const until = Date.now() + BYPASS_MS;
    for (const id of [change.episodeId, change.podcastId]) {
      if (id === undefined) continue;
      this.forget(id);
      this.bypass.set(id, until);
    }
  }

  private forget(id: string): void {
    const target = this.targets.get(id);
    if (target) {
      target.fresh = false;
      // The URL stays as the last known one; a fresh one is made on the next load.
      const url = this.urls.get(target.value.mediaKey);
      if (url) url.until = 0;
    }
    this.unknown.delete(id);
    const gate = this.gates.get(id);
    if (gate) gate.fresh = false;
  }

  private bypassed(id: string, now: number): boolean {
    const until = this.bypass.get(id);
    if (until === undefined) return false;
    if (until > now) return true;
    this.bypass.delete(id);
    return false;
  }

  private poll(): Promise<void> {
    this.polling ??= this.readChanges()
      .then(() => {
        if (this.pollFailing) this.logger.log('download target changes read again');
        this.pollFailing = false;
      })
      .catch((error: unknown) => {
        // Once per outage: the redirect goes on answering from memory meanwhile.
        if (!this.pollFailing)
          this.logger.warn(
            `download target changes not read (answering from memory): ${error instanceof Error ? error.message : String(error)}`,
          );
        this.pollFailing = true;
      })
      .finally(() => {
        this.polling = undefined;
      });
    return this.polling;
  }

  private async readChanges(): Promise<void> {
    const now = await this.databaseNow();
    const windowStart = this.changesSince.getTime() - POLL_OVERLAP_MS;
    const rows = await this.execute<{
      changed_at: Date | string;
      episode_id: string | null;
      podcast_id: string | null;
    }>(
      'select changed_at, episode_id, podcast_id from analytics.download_target_changes where changed_at > ?',
      [new Date(windowStart)],
    );
    for (const row of rows) {
      const changedAt = new Date(row.changed_at).getTime();
      const key = `${changedAt}|${row.episode_id ?? ''}|${row.podcast_id ?? ''}`;
      if (this.applied.has(key)) continue;
      this.applied.set(key, changedAt);
      if (row.episode_id) this.forget(row.episode_id);
      if (row.podcast_id) this.forget(row.podcast_id);
    }
    for (const [key, changedAt] of this.applied) if (changedAt <= windowStart) this.applied.delete(key);
    this.changesSince = now;
    this.polls += 1;
    if (this.polls % PRUNE_EVERY_POLLS === 0) {
      await this.execute('delete from analytics.download_target_changes where changed_at < ?', [
        new Date(now.getTime() - CHANGES_KEPT_MS),
      ]);
    }
  }

  private async databaseNow(): Promise<Date> {
    const [row] = await this.execute<{ now: Date | string }>('select now() as now');
    return new Date(row!.now);
  }

  private execute<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, parameters);
  }
}

interface Known<T> {
  value: T;
  fresh: boolean;
}

const ENCLOSURE_COLUMNS = 'episode_id, podcast_id, owner_id, media_key, size_bytes, duration_seconds';

interface EnclosureRow {
  episode_id: string;
  podcast_id: string;
  owner_id: string;
  media_key: string;
  size_bytes: string | number | null;
  duration_seconds: number | null;
}

function targetOf(row: EnclosureRow): DownloadTarget {
  return {
    episodeId: row.episode_id,
    podcastId: row.podcast_id,
    ownerId: row.owner_id,
    mediaKey: row.media_key,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    durationSeconds: row.duration_seconds,
  };
}

/**
 * Records, in the caller's transaction, that an episode's enclosure or a podcast's gate changed, so that every
 * replica drops its copy; this process drops its own at once.
 */
export async function noteTargetChange(
  em: EntityManager,
  targets: DownloadTargets,
  change: { episodeId?: string; podcastId?: string },
): Promise<void> {
  await em
    .getConnection()
    .execute(
      'insert into analytics.download_target_changes (episode_id, podcast_id) values (?, ?)',
      [change.episodeId ?? null, change.podcastId ?? null],
      'run',
      em.getTransactionContext(),
    );
  targets.invalidate(change);
}
