import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Podcast } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { AfterCommit } from '@castbase/platform-persistence';
import {
  ANNOUNCEMENT_POLICY,
  DEFAULT_ANNOUNCEMENT_POLICY,
  type AnnouncementPolicy,
} from './announcement-policy.js';
import { podpingNotification, websubPublish, type OutboundNotification } from './feed-change-requests.js';

/** Public feeds whose bytes just changed. */
export interface FeedChange {
  podcastId: string;
  /** Public URLs, without any token. */
  feedUrls: readonly string[];
  medium: Podcast['podcastMedium'];
}

type AnnouncementConfig = Pick<AppConfig, 'PUBLIC_URL'> &
  Partial<Pick<AppConfig, 'WEBSUB_HUBS' | 'PODPING_URL' | 'PODPING_TOKEN'>>;

type Outcome = { ok: true } | { ok: false; retry: boolean; reason: string };

/**
 * Tells the operator's WebSub hubs and Podping endpoint that feeds changed, once the transaction that recorded the
 * change commits, in the background: a slow or failing endpoint never holds up the event consumer, a rendering or
 * another endpoint. Each request has a timeout and is tried a few times with a doubling delay, then logged and given
 * up. The endpoints are the operator's configuration, not user input, so they are fetched as they are (no
 * private-address filter: a hub on the local network is a legitimate choice).
 *
 * Nothing here is durable: an announcement still being retried when the process stops is dropped (and logged).
 * Both protocols are hints on top of polling, and the feed's next change announces it again.
 */
@Injectable()
export class FeedChangeAnnouncer implements OnModuleDestroy {
  private readonly logger = new Logger('feeds:announcements');
  private readonly policy: AnnouncementPolicy;
  private readonly hubs: readonly string[];
  private readonly userAgent: string;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly afterCommit: AfterCommit,
    @Inject(APP_CONFIG) private readonly config: AnnouncementConfig,
    @Optional() @Inject(ANNOUNCEMENT_POLICY) policy?: Partial<AnnouncementPolicy>,
  ) {
    this.policy = { ...DEFAULT_ANNOUNCEMENT_POLICY, ...policy };
    this.hubs = config.WEBSUB_HUBS ?? [];
    this.userAgent = `Castbase (feed change notifier; +${config.PUBLIC_URL})`;
    if (config.PODPING_URL && !config.PODPING_TOKEN) {
      this.logger.warn(
        'PODPING_URL is set without PODPING_TOKEN: podping.cloud refuses notifications without it',
      );
    }
  }

  /** Whether any hub or Podping is configured: without one there is nothing to announce. */
  get enabled(): boolean {
    return this.hubs.length > 0 || Boolean(this.config.PODPING_URL);
  }

  /** Announces `change` after `em`'s transaction commits (at once when `em` is in none); forgets it on rollback. */
  announceAfterCommit(em: EntityManager, change: FeedChange): void {
    if (!this.enabled || change.feedUrls.length === 0) return;
    this.afterCommit.run(em, () => this.announce(change));
  }

  /** Resolves when every announcement started so far has been delivered or given up on. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Stops waiting to retry and abandons the requests in flight, so the process stops at once. */
  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.settled();
  }

  private announce(change: FeedChange): void {
    for (const notification of this.notificationsFor(change)) {
      const delivery = this.deliver(notification, change.podcastId).finally(() =>
        this.inFlight.delete(delivery),
      );
      this.inFlight.add(delivery);
    }
  }

  private notificationsFor({ feedUrls, medium }: FeedChange): OutboundNotification[] {
    const notifications = this.hubs.map((hub) => websubPublish(hub, feedUrls, this.userAgent));
    const podping = this.config.PODPING_URL;
    if (podping) {
      for (const feedUrl of feedUrls) {
        notifications.push(
          podpingNotification(podping, this.config.PODPING_TOKEN, feedUrl, medium, this.userAgent),
        );
      }
    }
    return notifications;
  }

  private async deliver(notification: OutboundNotification, podcastId: string): Promise<void> {
    const { attempts, firstRetryDelayMs } = this.policy;
    for (let attempt = 1; ; attempt++) {
      if (this.stopping.signal.aborted) {
        this.logger.warn(
          `${notification.target}: not told of podcast ${podcastId}'s feed change (shutting down)`,
        );
        return;
      }
      const outcome = await this.attempt(notification);
      if (outcome.ok) {
        this.logger.debug(`${notification.target}: told of podcast ${podcastId}'s feed change`);
        return;
      }
      if (!outcome.retry || attempt >= attempts) {
        this.logger.warn(
          `${notification.target}: gave up telling of podcast ${podcastId}'s feed change after ${attempt} ` +
            `attempt(s): ${outcome.reason}`,
        );
        return;
      }
      await delay(firstRetryDelayMs * 2 ** (attempt - 1), undefined, { signal: this.stopping.signal }).catch(
        () => undefined,
      );
    }
  }

  /** One request. Network errors, timeouts, 5xx and 429 are worth another try; any other refusal is final. */
  private async attempt({ url, init }: OutboundNotification): Promise<Outcome> {
    const signal = AbortSignal.any([AbortSignal.timeout(this.policy.timeoutMs), this.stopping.signal]);
    try {
      const response = await fetch(url, { ...init, signal, redirect: 'follow' });
      await response.body?.cancel();
      if (response.ok) return { ok: true };
      const retry = response.status >= 500 || response.status === 429 || response.status === 408;
      return { ok: false, retry, reason: `HTTP ${response.status}` };
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${this.policy.timeoutMs} ms`
          : error instanceof Error
            ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
            : String(error);
      return { ok: false, retry: true, reason };
    }
  }
}
