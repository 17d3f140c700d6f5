import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TusTestResult } from '@castbase/platform-testing';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';

const refusalOf = (result: TusTestResult) =>
  result.outcome === 'refused'
    ? [result.status, (JSON.parse(result.body) as { code: string }).code]
    : [result.outcome];

describe("uploads for a podcast's episodes: the caller's role on the podcast decides (catalog.access.resolve)", () => {
  let media: MediaTestApp;
  let tone: Buffer;
  const podcastId = randomUUID();
  const episodeId = randomUUID();

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_roles');
    tone = await media.renderTone(3);
    media.catalog.podcasts.set(podcastId, {
      ownerId: 'owner-o',
      artworkMediaId: null,
      contributors: { 'editor-e': 'editor', 'viewer-v': 'viewer' },
    });
    media.catalog.episodes.set('owner-o', [{ id: episodeId, mediaId: randomUUID(), podcastId }]);
  }, 120_000);

  afterAll(async () => {
    await media?.close();
  });

  const sendAs = (userId: string, metadata: { podcastId?: string; episodeId?: string }) =>
    media.send(userId, {
      input: tone,
      fileName: 'next.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
      ...metadata,
    });

  it("takes an upload for the podcast from its owner and from an editor, the file staying the uploader's", async () => {
    for (const userId of ['owner-o', 'editor-e']) {
      const result = await sendAs(userId, { podcastId });
      expect(result.outcome).toBe('finished');
      if (result.outcome === 'finished') {
        expect(JSON.parse(result.body)).toMatchObject({ ownerId: userId, podcastId });
      }
    }
  });

  it('refuses a viewer with 403 PODCAST_ROLE_FORBIDDEN and a stranger with 404 PODCAST_NOT_FOUND, before any byte', async () => {
    expect(refusalOf(await sendAs('viewer-v', { podcastId }))).toEqual([403, 'PODCAST_ROLE_FORBIDDEN']);
    expect(refusalOf(await sendAs('stranger-s', { podcastId }))).toEqual([404, 'PODCAST_NOT_FOUND']);
  });

  it("takes new media for an episode of the podcast from an editor, and refuses a viewer's and a stranger's", async () => {
    expect((await sendAs('editor-e', { podcastId, episodeId })).outcome).toBe('finished');
    expect(refusalOf(await sendAs('viewer-v', { episodeId }))).toEqual([403, 'PODCAST_ROLE_FORBIDDEN']);
    expect(refusalOf(await sendAs('stranger-s', { episodeId }))).toEqual([404, 'EPISODE_NOT_FOUND']);
  });

  it('refuses an episode named with another podcast than its own with EPISODE_NOT_FOUND', async () => {
    const otherPodcast = randomUUID();
    media.catalog.podcasts.set(otherPodcast, {
      ownerId: 'owner-o',
      artworkMediaId: null,
      contributors: { 'editor-e': 'editor' },
    });
    expect(refusalOf(await sendAs('editor-e', { podcastId: otherPodcast, episodeId }))).toEqual([
      404,
      'EPISODE_NOT_FOUND',
    ]);
  });
});
