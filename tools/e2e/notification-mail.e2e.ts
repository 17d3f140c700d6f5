/// <reference lib="dom" />
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import type { Episode, MediaFile, Podcast, UserSettings } from '@castbase/contracts';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import type { RunningProcess } from '@castbase/platform-runtime';
import {
  createTestDatabase,
  freePort,
  natsUrlForTests,
  waitFor,
  type TestDatabase,
} from '@castbase/platform-testing';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import {
  startTestSmtpServer,
  type ReceivedMail,
} from '../../libs/identity/src/oidc/testing/test-smtp-server.js';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { ApiClient, createTestUser, type TestUser } from './support/api-client.js';
import { WeeklyReportMails } from '@castbase/identity';
import {
  distinctListeners,
  seedAnalytics,
  waitForEnclosures,
  type AnalyticsSeed,
  type SeededDownload,
} from './support/analytics-seed.js';
import { createPodcast, uploadMp3 } from './support/publish-flow.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { testProcessEnv, type BusKind } from './support/test-process-env.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';

const buses: BusKind[] = natsUrlForTests() ? ['in-process', 'nats'] : ['in-process'];

type SmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;

/** A creator with a profile (the e-mail comes from the token, `{username}@example.com`). */
async function creatorWithProfile(
  api: ApiClient,
  username: string,
  timezone = 'Europe/Paris',
): Promise<{ user: TestUser; client: ApiClient }> {
  const user = await createTestUser(username);
  const client = api.as(user);
  await client.ok('POST', '/api/profile', {
    firstName: username[0]!.toUpperCase() + username.slice(1),
    lastName: 'Tester',
    username: user.id.replace(/[^a-z0-9]/g, '').slice(0, 20),
    timezone,
  });
  return { user, client };
}

/** The SMTP server's mails to `address` whose subject names `title`. */
function mailsAbout(smtp: SmtpServer, address: string, title: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to.includes(address) && mail.raw.includes(title));
}

/** A header as the mail carries it, unfolded (mailparser's own line, before it interprets the value). */
async function headerOf(mail: ReceivedMail, name: string): Promise<string | undefined> {
  const parsed = await simpleParser(mail.source);
  const line = parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

/** The one-click address of the mail's List-Unsubscribe header. */
async function oneClickUrlOf(mail: ReceivedMail): Promise<string> {
  const url = /^<(.+)>$/.exec((await headerOf(mail, 'List-Unsubscribe')) ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe in:\n${mail.raw.slice(0, 2000)}`);
  return url;
}

/** The unsubscribe link in the mail's text. */
function unsubscribeLinkOf(mail: ReceivedMail, baseUrl: string): string {
  const link = new RegExp(`${baseUrl}/unsubscribe\\?token=[A-Za-z0-9._%-]+`).exec(mail.raw)?.[0];
  if (!link) throw new Error(`no unsubscribe link in:\n${mail.raw.slice(0, 2000)}`);
  return link;
}

/** Waits until identity has no notification e-mail left to send (every queued one went to the SMTP server). */
async function queueDrained(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await waitFor('the notification e-mails to be sent', async () => {
      const { rows } = await client.query<{ unsent: number }>(
        'select count(*)::int as unsent from identity.notification_mails where sent_at is null',
      );
      return rows[0]?.unsent === 0;
    });
  } finally {
    await client.end();
  }
}

async function threeSecondTone(): Promise<string> {
  const mp3Path = join(await mkdtemp(join(tmpdir(), 'castbase-mp3-')), 'tone.mp3');
  await renderToneMp3(resolveFfmpegBinaries(), mp3Path, 3);
  return mp3Path;
}

/**
 * "Episode published" e-mails through the all-in-one process, read at a real SMTP server: the owner and the active
 * contributors get one when an episode goes live, each honouring their switch and the master switch, with the
 * episode's link, the feed's state and an unsubscribe link that works without a session (one click, RFC 8058).
 */
describe.each(buses)('notification e-mails on the %s bus', (bus) => {
  let smtp: SmtpServer;
  let database: TestDatabase;
  let running: RunningProcess;
  let owner: ApiClient;
  let editor: ApiClient;
  let ownerAddress: string;
  let editorAddress: string;
  let podcast: Podcast;
  let media: MediaFile;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await createTestDatabase('notifications');
    const port = await freePort();
    running = await runAllInOne(await testProcessEnv(database, port, bus, { SMTP_URL: smtp.url }));
    const api = new ApiClient(running.url);
    const alice = await creatorWithProfile(api, 'alice');
    const bob = await creatorWithProfile(api, 'bob');
    owner = alice.client;
    editor = bob.client;
    ownerAddress = `${alice.user.username}@example.com`;
    editorAddress = `${bob.user.username}@example.com`;
    podcast = await createPodcast(owner, 'Mail Room');
    await owner.ok('POST', `/api/podcasts/${podcast.id}/contributors`, {
      email: editorAddress,
      role: 'editor',
    });
    // The invitation is taken when the editor is next seen signed in.
    await editor.ok('GET', '/api/podcasts');
    media = await uploadMp3(owner, await threeSecondTone(), 'mail room.mp3');
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    await smtp?.close();
  });

  const publish = async (title: string) => {
    const draft = await owner.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title,
      mediaId: media.id,
    });
    return owner.ok<Episode>('POST', `/api/episodes/${draft.id}/publish`);
  };
  const mailTo = (address: string, title: string) =>
    waitFor(`the "${title}" e-mail to ${address}`, async () => mailsAbout(smtp, address, title)[0]);

  it('tells the owner and the active editor that an episode is live, with its page, its feed and a way out', async () => {
    const episode = await publish('Letters from the Mail Room');

    const [toOwner, toEditor] = await Promise.all([
      mailTo(ownerAddress, 'Letters from the Mail Room'),
      mailTo(editorAddress, 'Letters from the Mail Room'),
    ]);
    for (const mail of [toOwner, toEditor]) {
      const parsed = await simpleParser(mail.source);
      expect(parsed.subject).toBe('"Letters from the Mail Room" is live on Mail Room');
      expect(parsed.text).toContain('"Letters from the Mail Room" is now published on Mail Room.');
      expect(parsed.html || '').toContain('<strong>Letters from the Mail Room</strong>');
      expect(mail.raw).toContain(`${running.url}/episode/${episode.id}`);
      expect(mail.raw).toMatch(
        /Your RSS feed is being updated to include it \(1 episode\): http:\/\/\S+\.xml/,
      );
      expect(await headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(await oneClickUrlOf(mail)).toMatch(
        new RegExp(`^${running.url}/api/public/unsubscribe\\?token=`),
      );
      expect(unsubscribeLinkOf(mail, running.url)).toBeTruthy();
    }
    // One e-mail each, whatever the bus redelivered.
    await queueDrained(database.url);
    expect(mailsAbout(smtp, ownerAddress, 'Letters from the Mail Room')).toHaveLength(1);
    expect(mailsAbout(smtp, editorAddress, 'Letters from the Mail Room')).toHaveLength(1);
  });

  it("turns off the editor's episode e-mails with the mail app's one-click POST, without a session", async () => {
    const [toEditor] = mailsAbout(smtp, editorAddress, 'Letters from the Mail Room');
    const response = await fetch(await oneClickUrlOf(toEditor!), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: 'episodePublished' });
    const settings = await editor.ok<UserSettings>('GET', '/api/settings');
    expect(settings.notifications).toMatchObject({ episodePublished: false, emailNotifications: true });
    // The owner's own switch is untouched.
    const ownerSettings = await owner.ok<UserSettings>('GET', '/api/settings');
    expect(ownerSettings.notifications.episodePublished).toBe(true);

    await publish('Second Delivery');
    await mailTo(ownerAddress, 'Second Delivery');
    await queueDrained(database.url);
    expect(mailsAbout(smtp, editorAddress, 'Second Delivery')).toEqual([]);
  });

  it('sends nothing to a creator whose master switch is off, and again once a switch is back on', async () => {
    await owner.ok('PATCH', '/api/settings', { notifications: { emailNotifications: false } });
    await editor.ok('PATCH', '/api/settings', { notifications: { episodePublished: true } });

    await publish('Third Class Post');
    await mailTo(editorAddress, 'Third Class Post');
    await queueDrained(database.url);
    expect(mailsAbout(smtp, ownerAddress, 'Third Class Post')).toEqual([]);
  });

  it("tells the team when the feed starts failing a check and when a directory's status changes", async () => {
    // The owner's e-mails are all off since the test before; the editor's RSS updates are on (the default).
    const { items } = await owner.ok<{ items: Episode[] }>('GET', `/api/podcasts/${podcast.id}/episodes`);
    for (const episode of items.filter((item) => item.status === 'published'))
      await owner.ok('POST', `/api/episodes/${episode.id}/unpublish`);

    const broken = await mailTo(editorAddress, 'The RSS feed of Mail Room has a problem');
    const parsed = await simpleParser(broken.source);
    expect(parsed.text).toContain('fails a check it passed before:\n\n- No episodes found');
    expect(parsed.text).toContain(`${running.url}/p/${podcast.id}/settings/rss`);
    expect(await headerOf(broken, 'List-Unsubscribe')).toMatch(/token=[^.]+\.rssUpdates\./);

    await owner.ok('PUT', `/api/podcasts/${podcast.id}/directories/podcast-index/status`, {
      status: 'approved',
    });
    const directory = await mailTo(editorAddress, 'Podcast Index: Approved for Mail Room');
    expect((await simpleParser(directory.source)).text).toContain(
      'Mail Room is now "Approved" on Podcast Index (it was "Not submitted").',
    );
    // Recorded again with the same answer: no change, no e-mail.
    await owner.ok('PUT', `/api/podcasts/${podcast.id}/directories/podcast-index/status`, {
      status: 'approved',
    });
    await queueDrained(database.url);
    expect(mailsAbout(smtp, editorAddress, 'Podcast Index: Approved')).toHaveLength(1);
    expect(mailsAbout(smtp, editorAddress, 'has a problem')).toHaveLength(1);
    // The owner's e-mails are off: none of these reached them.
    expect([
      ...mailsAbout(smtp, ownerAddress, 'has a problem'),
      ...mailsAbout(smtp, ownerAddress, 'Podcast Index'),
    ]).toEqual([]);
  });

  it('refuses a token that is not one of ours, or one changed to name another e-mail, and changes nothing', async () => {
    const [toOwner] = mailsAbout(smtp, ownerAddress, 'Letters from the Mail Room');
    const token = new URL(await oneClickUrlOf(toOwner!)).searchParams.get('token')!;
    const forged = token.replace('.episodePublished.', '.weeklyReport.');
    for (const candidate of ['nonsense', forged, `${token}x`, 'a'.repeat(2000)]) {
      const response = await fetch(
        `${running.url}/api/public/unsubscribe?token=${encodeURIComponent(candidate)}`,
        {
          method: 'POST',
        },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'UNSUBSCRIBE_LINK_INVALID' });
    }
    const missing = await fetch(`${running.url}/api/public/unsubscribe`, { method: 'POST' });
    expect(missing.status).toBe(400);
    const settings = await owner.ok<UserSettings>('GET', '/api/settings');
    expect(settings.notifications).toMatchObject({ episodePublished: true, weeklyReport: false });
  });
});

/** The most recent Monday 09:00 in Paris at or before `now` (the report's time), and the weeks around it. */
function lastParisMondayMorning(now: Date): { at: Date; from: Date; to: Date; before: Date } {
  const zone = 'Europe/Paris';
  const local = new TZDate(now.getTime(), zone);
  const daysSinceMonday = (local.getDay() + 6) % 7;
  const mondayAt = (daysBack: number, hour: number) =>
    new Date(
      new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - daysBack, hour, zone).getTime(),
    );
  const back = mondayAt(daysSinceMonday, 9) > now ? daysSinceMonday + 7 : daysSinceMonday;
  return {
    at: mondayAt(back, 9),
    to: mondayAt(back, 0),
    from: mondayAt(back + 7, 0),
    before: mondayAt(back + 14, 0),
  };
}

const within = (downloads: readonly SeededDownload[], from: Date, to: Date) =>
  downloads.filter((download) => download.countedAt >= from && download.countedAt < to);

/**
 * The Monday report at a real SMTP server, for a seeded history: each figure is what the seeded downloads of the
 * creator's week (Monday to Monday in their timezone) give, one e-mail per podcast and week however often it runs,
 * and none to a creator whose switch is off.
 */
describe('the weekly report e-mail', () => {
  let smtp: SmtpServer;
  let database: TestDatabase;
  let running: RunningProcess;
  let ownerAddress: string;
  let quietAddress: string;
  let podcast: Podcast;
  let titles: Map<string, string>;
  let seed: AnalyticsSeed;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await createTestDatabase('weeklyreport');
    running = await runAllInOne(
      await testProcessEnv(database, await freePort(), 'in-process', { SMTP_URL: smtp.url }),
    );
    const api = new ApiClient(running.url);
    const alice = await creatorWithProfile(api, 'alice');
    const quiet = await creatorWithProfile(api, 'quinn');
    ownerAddress = `${alice.user.username}@example.com`;
    quietAddress = `${quiet.user.username}@example.com`;
    await alice.client.ok('PATCH', '/api/settings', { notifications: { weeklyReport: true } });
    // Due at the same time, with the report on but every e-mail off.
    await quiet.client.ok('PATCH', '/api/settings', {
      notifications: { weeklyReport: true, emailNotifications: false },
    });
    podcast = await createPodcast(alice.client, 'Weekly Wonders');
    await createPodcast(quiet.client, 'Quiet Show');
    const media = await uploadMp3(alice.client, await threeSecondTone(), 'wonders.mp3');
    const episodes: Episode[] = [];
    for (const title of ['Wonder One', 'Wonder Two', 'Wonder Three'])
      episodes.push(
        await alice.client.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
          title,
          mediaId: media.id,
          status: 'published',
        }),
      );
    titles = new Map(episodes.map((episode) => [episode.id, episode.title]));
    await waitForEnclosures(
      database,
      episodes.map((episode) => episode.id),
    );
    seed = await seedAnalytics(database, {
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      episodes: episodes.map((episode, index) => ({
        episodeId: episode.id,
        durationSeconds: 3,
        weight: 3 - index,
        listened: false,
      })),
      days: 28,
      downloadsPerDay: 30,
      feedRequestsPerDay: 0,
      seed: 20261129,
    });
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    await smtp?.close();
  });

  it("tells the owner their podcast's week in their timezone, once", async () => {
    const week = lastParisMondayMorning(new Date());
    const reports = running.app.get(WeeklyReportMails);
    expect(await reports.sendDue(week.at)).toBe(1);
    const mail = await waitFor(
      'the weekly report',
      async () => mailsAbout(smtp, ownerAddress, 'Your week on Weekly Wonders')[0],
    );
    const parsed = await simpleParser(mail.source);
    const downloads = within(seed.downloads, week.from, week.to);
    const before = within(seed.downloads, week.before, week.from);
    expect(downloads.length).toBeGreaterThan(0);
    expect(parsed.subject).toBe(
      `Your week on Weekly Wonders: ${downloads.length.toLocaleString('en-US')} downloads`,
    );
    const growth = Math.round(((downloads.length - before.length) * 100) / before.length);
    expect(parsed.text).toContain(
      `${downloads.length.toLocaleString('en-US')} downloads (${growth === 0 ? 'about as many as the week before' : `${growth > 0 ? '+' : ''}${growth}% on the week before`}) from ${distinctListeners(downloads).toLocaleString('en-US')} listeners.`,
    );
    const perEpisode = [...titles.keys()]
      .map((episodeId) => {
        const ofEpisode = downloads.filter((download) => download.episodeId === episodeId);
        return { episodeId, downloads: ofEpisode.length, listeners: distinctListeners(ofEpisode) };
      })
      .filter((episode) => episode.downloads > 0)
      .sort((a, b) => b.downloads - a.downloads || (a.episodeId < b.episodeId ? -1 : 1));
    perEpisode.forEach((episode, index) =>
      expect(parsed.text).toContain(
        `${index + 1}. ${titles.get(episode.episodeId)}: ${episode.downloads} downloads, ${episode.listeners} listeners`,
      ),
    );
    expect(parsed.text).toContain(`${running.url}/p/${podcast.id}/analytics`);
    expect(parsed.html || '').toContain('<ol>');

    // Asked again (another replica, the next look): nothing more.
    expect(await reports.sendDue(new Date(week.at.getTime() + 3_600_000))).toBe(0);
    await queueDrained(database.url);
    expect(mailsAbout(smtp, ownerAddress, 'Your week on Weekly Wonders')).toHaveLength(1);
    // The creator whose e-mails are all off gets none.
    expect(smtp.received.filter((received) => received.to.includes(quietAddress))).toEqual([]);
  });

  it('sends nothing before the Monday morning nor on the other days', async () => {
    const week = lastParisMondayMorning(new Date());
    const reports = running.app.get(WeeklyReportMails);
    expect(await reports.sendDue(new Date(week.at.getTime() - 2 * 3_600_000))).toBe(0);
    expect(await reports.sendDue(new Date(week.at.getTime() + 24 * 3_600_000))).toBe(0);
  });
});

/** The page an e-mail's unsubscribe link opens, in a real browser, with no session. */
describe('the unsubscribe page', () => {
  let smtp: SmtpServer;
  let app: WebAppUnderTest;
  let owner: ApiClient;
  let link: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    app = await startWebAppUnderTest('unsubscribe', { SMTP_URL: smtp.url });
    const api = new ApiClient(app.running.url);
    const alice = await creatorWithProfile(api, 'alice');
    owner = alice.client;
    const podcast = await createPodcast(owner, 'Page Turner');
    const media = await uploadMp3(owner, await threeSecondTone(), 'page turner.mp3');
    const draft = await owner.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: 'Unsubscribe Me',
      mediaId: media.id,
    });
    await owner.ok('POST', `/api/episodes/${draft.id}/publish`);
    const mail = await waitFor(
      'the episode e-mail',
      async () => mailsAbout(smtp, `${alice.user.username}@example.com`, 'Unsubscribe Me')[0],
    );
    link = unsubscribeLinkOf(mail, app.running.url);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it('turns the e-mail off in one click, says which, and leads to the settings', async () => {
    const context = await app.browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1280, height: 860 },
    });
    try {
      const page = await context.newPage();
      await page.goto(link);
      await page.getByText('You will no longer receive “Episode published” e-mails.').waitFor();
      expect(await page.title()).toContain('Unsubscribe');
      await expect(
        page.getByRole('link', { name: 'Notification settings' }).getAttribute('href'),
      ).resolves.toBe('/profile');
      await expectAccessibleInBothThemes(page, 'the unsubscribe page, done');
      await screenshotInBothThemes(page.locator('body'), 'unsubscribe-done');
      const settings = await owner.ok<UserSettings>('GET', '/api/settings');
      expect(settings.notifications.episodePublished).toBe(false);

      await page.goto(`${app.running.url}/unsubscribe?token=not-a-token`);
      await page.getByRole('alert').getByText('This unsubscribe link is not valid').waitFor();
      await expectAccessibleInBothThemes(page, 'the unsubscribe page, a bad link');

      await page.goto(`${app.running.url}/unsubscribe`);
      await page.getByRole('alert').getByText('This unsubscribe link is incomplete').waitFor();
      await expectAccessibleInBothThemes(page, 'the unsubscribe page, no token');
    } finally {
      await context.close();
    }
  });
});
