import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import {
  identityEvents,
  userDataErasedEvents,
  type EventEnvelope,
  type UserDataErased,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { DownloadWriter } from '../downloads/download-writer.js';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';
import { aDownloadRequestRow } from '../testing/download-request-rows.js';

describe('analytics service: erasing a user on account deletion', () => {
  let analytics: AnalyticsTestApp;
  let reports: Array<EventEnvelope<UserDataErased>>;

  /** Delivers `identity.user.deletion-requested` and answers analytics' report of it. */
  async function requestDeletion(userId: string, deletionId = randomUUID()): Promise<UserDataErased> {
    const reported = reports.length;
    await analytics.deliver(identityEvents.userDeletionRequested, {
      deletionId,
      userId,
      requestedAt: new Date().toISOString(),
    });
    return (await waitFor('analytics.user-data.erased', () => reports[reported])).payload;
  }

  /** Two downloads of a new episode of `ownerId`. */
  async function downloadedEpisode(ownerId: string) {
    const episode = await analytics.publishedEpisode(undefined, ownerId);
    const server = analytics.app.getHttpServer();
    await request(server).get(episode.path).set('X-Forwarded-For', '198.51.100.1').expect(302);
    await request(server).get(episode.path).set('X-Forwarded-For', '198.51.100.2').expect(302);
    return episode;
  }

  const countOf = async (table: 'enclosures' | 'download_requests', ownerId: string) =>
    (
      await analytics.rows(`select count(*)::int as n from analytics.${table} where owner_id = ?`, [ownerId])
    )[0]?.['n'];

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_analytics_erasure');
    reports = await analytics.collectEvents(userDataErasedEvents.analytics);
  });

  afterAll(async () => {
    await analytics?.close();
  });

  it("removes the user's enclosures and downloads and reports them; another user's stay", async () => {
    const alices = [await downloadedEpisode('alice'), await downloadedEpisode('alice')];
    const bobs = await downloadedEpisode('bob');
    expect(await countOf('download_requests', 'alice')).toBe(4);

    const deletionId = randomUUID();
    await expect(requestDeletion('alice', deletionId)).resolves.toEqual({
      deletionId,
      service: 'analytics',
      removed: { downloads: 4, enclosures: 2, podcasts: 2, outboxMessages: 0 },
      erasedAt: expect.any(String),
    });

    expect(await countOf('download_requests', 'alice')).toBe(0);
    expect(await countOf('enclosures', 'alice')).toBe(0);
    await request(analytics.app.getHttpServer()).get(alices[0]!.path).expect(404);
    expect(await countOf('download_requests', 'bob')).toBe(2);
    await request(analytics.app.getHttpServer()).get(bobs.path).expect(302);
  });

  it("sweeps away the downloads a COPY wrote after the erasure, and only the erased user's", async () => {
    const franks = await analytics.publishedEpisode(undefined, 'frank');
    const graces = await analytics.publishedEpisode(undefined, 'grace');
    await requestDeletion('frank');

    // Requests the redirect journaled before the erasure, whose COPY ends after it.
    const writer = analytics.app.get(DownloadWriter);
    await Promise.all([franks, graces].map((episode) => writer.append(aDownloadRequestRow(episode))));
    expect(await countOf('download_requests', 'frank')).toBe(1);
    await analytics.countDownloads();

    expect(await countOf('download_requests', 'frank')).toBe(0);
    expect(await countOf('download_requests', 'grace')).toBe(1);
  });

  it('erases its outbox rows that name the user, and keeps the others', async () => {
    const published = (payload: unknown) =>
      analytics.rows(
        `insert into analytics.outbox_messages (id, subject, payload, headers, occurred_at, published_at, attempts)
         values (?, 'analytics.download.counted', ?, '{}', now(), now(), 1) returning id`,
        [randomUUID(), JSON.stringify(payload)],
      );
    const [aboutCarol] = await published({ ownerId: 'carol', downloads: 3 });
    const [aboutDave] = await published({ ownerId: 'dave', downloads: 1 });

    await requestDeletion('carol');

    const remaining = (await analytics.rows('select id from analytics.outbox_messages')).map(
      (row) => row['id'],
    );
    expect(remaining).not.toContain(aboutCarol?.['id']);
    expect(remaining).toContain(aboutDave?.['id']);
  });

  it('finds nothing when asked again, and reports zeros', async () => {
    await downloadedEpisode('erin');
    await analytics.recorded();
    const deletionId = randomUUID();
    await requestDeletion('erin', deletionId);

    await expect(requestDeletion('erin', deletionId)).resolves.toMatchObject({
      deletionId,
      removed: { downloads: 0, enclosures: 0, podcasts: 0, outboxMessages: 0 },
    });
  });
});
