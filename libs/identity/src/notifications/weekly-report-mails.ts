import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  catalogRequests,
  isDomainError,
  weeklyReportRequests,
  type PodcastSummary,
  type WeeklyPodcastReport,
} from '@castbase/contracts';
import { MessageBus } from '@castbase/platform-messaging';
import { IDENTITY_SCHEMA } from '../oidc/database/oidc-database.js';
import { html } from '../oidc/pages/html.js';
import { reportedWeek, type ReportedWeek } from './local-week.js';
import { NotificationLinks } from './notification-links.js';
import { NotificationMails, type NotificationContent } from './notification-mails.js';

/** How often the creators due a report are looked for: a Monday report goes out within this of 08:00 local. */
const CHECK_INTERVAL_MS = 10 * 60_000;

const count = new Intl.NumberFormat('en-US');
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * "Weekly report": on each creator's Monday (from 08:00 in their profile's timezone), for each podcast they own, an
 * e-mail with the week's downloads, listeners, growth on the week before and top episodes, from the analytics service
 * (`analytics.weekly-report.get`), to creators whose `weeklyReport` and `emailNotifications` are on. Every replica
 * looks every 10 minutes; the queue's unique cause (`{podcastId}:{first day of the week}`) sends one e-mail per
 * podcast and week whichever replica gets there first, and a report already queued is not asked for again.
 */
@Injectable()
export class WeeklyReportMails implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('identity:weekly-report');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    private readonly mails: NotificationMails,
    private readonly links: NotificationLinks,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sendDue()
        .catch((error: unknown) =>
          this.logger.warn(
            `weekly reports not sent: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => (this.running = undefined));
    }, CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Queues the reports due at `now` that are not queued yet; answers how many it queued. */
  async sendDue(now = new Date()): Promise<number> {
    const creators = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string; timezone: string }>>(
        `select p.id, p.timezone from ${IDENTITY_SCHEMA}.user_profiles p
         join ${IDENTITY_SCHEMA}.user_settings s on s.user_id = p.id
        where (s.notifications ->> 'weeklyReport')::boolean
          and coalesce((s.notifications ->> 'emailNotifications')::boolean, true)`,
      );
    let queued = 0;
    for (const creator of creators) {
      const week = reportedWeek(now, creator.timezone);
      if (!week) continue;
      try {
        queued += await this.sendWeek(creator.id, week);
      } catch (error) {
        // One creator's failure (their podcast deleted meanwhile, the analytics service away) is tried again at the
        // next look; the others still get theirs.
        this.logger.warn(
          `weekly report of ${creator.id} not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return queued;
  }

  private async sendWeek(userId: string, week: ReportedWeek): Promise<number> {
    const { items } = await this.bus.request(catalogRequests.listPodcasts, { userId });
    let queued = 0;
    for (const podcast of items.filter((item) => item.role === 'owner')) {
      const dedupeKey = `${podcast.id}:${week.firstDay}`;
      if (await this.isQueued(userId, dedupeKey)) continue;
      const report = await this.bus
        .request(weeklyReportRequests.getWeeklyReport, {
          userId,
          podcastId: podcast.id,
          from: week.from.toISOString(),
          to: week.to.toISOString(),
        })
        .catch((error: unknown) => {
          if (isDomainError(error) && error.code === 'PODCAST_NOT_FOUND') return null;
          throw error;
        });
      if (!report) continue;
      const content = this.content(podcast, week, report);
      const sent = await this.em
        .fork()
        .transactional((em) => this.mails.queue(em, { userId, kind: 'weeklyReport', dedupeKey, content }));
      if (sent) queued += 1;
    }
    return queued;
  }

  private async isQueued(userId: string, dedupeKey: string): Promise<boolean> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute(
        `select 1 from ${IDENTITY_SCHEMA}.notification_mails
          where kind = 'weeklyReport' and dedupe_key = ? and user_id = ?`,
        [dedupeKey, userId],
      );
    return rows.length > 0;
  }

  private content(
    podcast: PodcastSummary,
    week: ReportedWeek,
    report: WeeklyPodcastReport,
  ): NotificationContent {
    const days = `${dayFormat.format(new Date(`${week.firstDay}T00:00:00Z`))} to ${dayFormat.format(new Date(`${week.lastDay}T00:00:00Z`))}`;
    const growth = growthText(report);
    const downloads = `${count.format(report.downloads)} download${report.downloads === 1 ? '' : 's'}`;
    const listeners = `${count.format(report.listeners)} listener${report.listeners === 1 ? '' : 's'}`;
    const analyticsUrl = this.links.podcastScreen(podcast.id, 'analytics');
    const top = report.topEpisodes.map(
      (episode, index) =>
        `${index + 1}. ${episode.title || 'Untitled episode'}: ${count.format(episode.downloads)} downloads, ${count.format(episode.listeners)} listeners`,
    );
    return {
      subject: `Your week on ${podcast.name}: ${downloads}`,
      text: [
        `The week of ${podcast.name}, ${days}:`,
        `${downloads} (${growth}) from ${listeners}.`,
        top.length > 0 ? ['Top episodes:', ...top].join('\n') : 'No episode was downloaded this week.',
        `All the figures: ${analyticsUrl}`,
      ],
      html: [
        html`<p>The week of <strong>${podcast.name}</strong>, ${days}:</p>`,
        html`<p><strong>${downloads}</strong> (${growth}) from <strong>${listeners}</strong>.</p>`,
        top.length > 0
          ? html`<p>Top episodes:</p>
              <ol>
                ${report.topEpisodes.map(
                  (episode) =>
                    html`<li>
                      ${episode.title || 'Untitled episode'}: ${count.format(episode.downloads)} downloads,
                      ${count.format(episode.listeners)} listeners
                    </li>`,
                )}
              </ol>`
          : html`<p>No episode was downloaded this week.</p>`,
        html`<p><a href="${analyticsUrl}">See all the figures</a></p>`,
      ],
    };
  }
}

/** The week's change on the one before, as the analytics screens' growth rate reads. */
function growthText(report: WeeklyPodcastReport): string {
  if (report.previousDownloads === 0 && report.downloads === 0) return 'as many as the week before';
  if (report.previousDownloads === 0) return 'none the week before';
  const percent = Math.round(report.growthPercent);
  if (percent === 0) return 'about as many as the week before';
  return `${percent > 0 ? '+' : ''}${percent}% on the week before`;
}
