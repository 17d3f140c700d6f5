import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DomainError, playbackBeaconSchema, type PlaybackBeacon } from '@castbase/contracts';
import { Attribution, CountryLookup } from '../attribution/index.js';
import { DownloadTargets, type DownloadTarget, type PodcastGate } from '../downloads/download-targets.js';
import { ListenerKeys } from '../downloads/listener-keys.js';
import { gateRefusal } from '../downloads/podcast-gate.js';
import { beaconMessages } from './beacon-messages.js';

/** Who sent a beacon, as the HTTP request tells it. */
export interface BeaconSender {
  ip: string;
  userAgent: string;
  /** `?token=` of the beacon URL: a private podcast's current token. */
  token: string | undefined;
}

/**
 * Listening sessions from the players' beacons. A beacon names its episode and podcast, which must be a published
 * episode of that podcast (a private podcast's only with its current token, as for `/e/...` downloads); each beacon
 * upserts its session in one statement: listening time and the furthest position only grow, an end is kept, and a
 * session stays with the episode it started on. Beacons are a few per listener per minute, far rarer than
 * downloads, so each is written at once rather than grouped.
 */
@Injectable()
export class ListeningSessions {
  constructor(
    private readonly em: EntityManager,
    private readonly targets: DownloadTargets,
    private readonly listenerKeys: ListenerKeys,
    private readonly attribution: Attribution,
    private readonly countries: CountryLookup,
  ) {}

  /** Validates a beacon's JSON value and records it; a DomainError says why one is refused. */
  async record(value: unknown, sender: BeaconSender, now = Date.now()): Promise<void> {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new DomainError('VALIDATION_FAILED', beaconMessages.notABeacon);
    const parsed = playbackBeaconSchema.safeParse(value);
    if (!parsed.success)
      throw new DomainError(
        'VALIDATION_FAILED',
        parsed.error.issues[0]?.message ?? beaconMessages.notABeacon,
      );
    const beacon = parsed.data;
    const target = await this.targetOf(beacon.podcastId, beacon.episodeId, now);
    const refused = gateRefusal(await this.gateOf(target), sender.token);
    if (refused) throw new DomainError(refused);
    await this.upsert(beacon, target, sender, now);
  }

  private async targetOf(podcastId: string, episodeId: string, now: number): Promise<DownloadTarget> {
    let target = this.targets.targetFromMemory(episodeId, now);
    if (target === undefined) target = await this.targets.loadTarget(episodeId);
    if (target === null || target.podcastId !== podcastId) throw new DomainError('EPISODE_NOT_FOUND');
    return target;
  }

  private async gateOf(target: DownloadTarget): Promise<PodcastGate> {
    return (
      this.targets.gateFromMemory(target.podcastId) ??
      (await this.targets.loadGate(target.podcastId, target.ownerId))
    );
  }

  private async upsert(
    beacon: PlaybackBeacon,
    target: DownloadTarget,
    sender: BeaconSender,
    now: number,
  ): Promise<void> {
    const at = new Date(now);
    const { app, device } = this.attribution.attributeUserAgent(sender.userAgent || undefined);
    const listener = this.listenerKeys.dayKeyOf(sender.ip, sender.userAgent, now);
    // The `where` keeps a session on its episode: a beacon naming another one for a known session updates nothing.
    const rows = await this.em.getConnection().execute<Array<{ session_id: string }>>(
      `insert into analytics.listening_sessions as session (
         session_id, podcast_id, episode_id, owner_id, player, listener, country, app, device,
         started_at, last_beacon_at, ended_at, listened_seconds, max_position, duration_seconds
       ) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (session_id) do update set
         last_beacon_at = greatest(session.last_beacon_at, excluded.last_beacon_at),
         ended_at = coalesce(excluded.ended_at, session.ended_at),
         listened_seconds = greatest(session.listened_seconds, excluded.listened_seconds),
         max_position = greatest(session.max_position, excluded.max_position),
         duration_seconds = coalesce(excluded.duration_seconds, session.duration_seconds)
       where session.episode_id = excluded.episode_id and session.podcast_id = excluded.podcast_id
       returning session.session_id`,
      [
        beacon.sessionId,
        target.podcastId,
        target.episodeId,
        target.ownerId,
        beacon.player,
        listener,
        this.countries.countryOf(sender.ip),
        app,
        device,
        at,
        at,
        beacon.event === 'end' ? at : null,
        beacon.listenedSeconds,
        beacon.positionSeconds,
        beacon.durationSeconds ?? null,
      ],
    );
    if (rows.length === 0) throw new DomainError('VALIDATION_FAILED', beaconMessages.sessionOfAnotherEpisode);
  }
}
