import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Episode, MediaFile, OembedRichResponse, Podcast } from '@castbase/contracts';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@castbase/platform-testing';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser } from './support/api-client.js';
import { uploadFile, uploadMp3 } from './support/publish-flow.js';
import { testProcessEnv } from './support/test-process-env.js';
import { solidPng } from './support/web-journey.js';

// The embeddable player's place in the gateway, over HTTP against the all-in-one process: /embed/audio may be framed
// by any site while every other page stays framed by this one only, and GET /api/oembed answers this site's
// published, public episode pages (oEmbed 1.0 'rich'), for anyone, from any origin.

describe('the embed player and oEmbed over HTTP', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  let files: string;
  let api: ApiClient;
  let published: Episode;
  let draft: Episode;
  let privateEpisode: Episode;
  let podcast: Podcast;

  const oembed = (query: Record<string, string>) =>
    fetch(`${running.url}/api/oembed?${new URLSearchParams(query).toString()}`);
  const pageUrl = (episodeId: string) => `${running.url}/episode/${episodeId}`;

  beforeAll(async () => {
    database = await createTestDatabase('oembed');
    // The built web app answers /embed/audio (E2E_WEB_DIST: another build than apps/web/dist).
    const webDist = process.env['E2E_WEB_DIST'];
    running = await runAllInOne(
      await testProcessEnv(
        database,
        await freePort(),
        'in-process',
        webDist ? { WEB_DIST_DIR: webDist } : {},
      ),
    );
    api = new ApiClient(running.url).as(await createTestUser('oda'));
    files = await mkdtemp(join(tmpdir(), 'castbase-oembed-'));
    await renderToneMp3(resolveFfmpegBinaries(), join(files, 'pilot.mp3'), 3);
    await writeFile(join(files, 'cover.png'), solidPng(1400, 1400));
    const audio = await uploadMp3(api, join(files, 'pilot.mp3'), 'pilot.mp3');
    const cover = await processed(
      await uploadFile(api, {
        input: join(files, 'cover.png'),
        fileName: 'cover.png',
        fileType: 'image/png',
        purpose: 'episode-art',
      }),
    );
    podcast = await api.ok<Podcast>('POST', '/api/podcasts', { name: 'Signal Hour', author: 'Oda Host' });
    const create = (podcastId: string, title: string, extra: object = {}) =>
      api.ok<Episode>('POST', `/api/podcasts/${podcastId}/episodes`, { title, mediaId: audio.id, ...extra });
    published = await api.ok<Episode>(
      'POST',
      `/api/episodes/${(await create(podcast.id, 'Pilot <& "friends">', { artworkMediaId: cover.id })).id}/publish`,
    );
    draft = await create(podcast.id, 'Not yet');
    const hidden = await api.ok<Podcast>('POST', '/api/podcasts', {
      name: 'Backstage',
      visibility: 'private',
    });
    privateEpisode = await api.ok<Episode>(
      'POST',
      `/api/episodes/${(await create(hidden.id, 'Members only')).id}/publish`,
    );
  }, 180_000);

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    if (files) await rm(files, { recursive: true, force: true });
  });

  async function processed(file: MediaFile): Promise<MediaFile> {
    return waitFor(`${file.fileName} to be processed`, async () => {
      const current = await api.ok<MediaFile>('GET', `/api/media/${file.id}`);
      if (current.status === 'failed') throw new Error(`Processing failed: ${JSON.stringify(current.jobs)}`);
      return current.status === 'ready' ? current : undefined;
    });
  }

  it('lets any site frame /embed/audio, with or without a query, and nothing else', async () => {
    for (const path of ['/embed/audio', '/embed/audio/', '/embed/audio?title=Pilot&color=%23ff6600']) {
      const response = await fetch(`${running.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain('frame-ancestors *');
      expect(response.headers.get('x-frame-options')).toBeNull();
    }
    for (const path of ['/', '/embed/audiox', '/embed/audio/more', `/p/${podcast.id}/dashboard`]) {
      const response = await fetch(`${running.url}${path}`);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it("answers a published episode's page with oEmbed 1.0 'rich': the player's iframe, its title, podcast and cover", async () => {
    const response = await oembed({ url: pageUrl(published.id), format: 'json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const answer = (await response.json()) as OembedRichResponse;
    expect(answer).toMatchObject({
      type: 'rich',
      version: '1.0',
      title: 'Pilot <& "friends">',
      author_name: 'Oda Host',
      author_url: `${running.url}/podcast/${podcast.id}`,
      provider_name: 'Castbase',
      provider_url: `${running.url}/`,
      thumbnail_width: 1400,
      thumbnail_height: 1400,
      width: 600,
      height: 130,
    });
    expect((await fetch(answer.thumbnail_url!)).headers.get('content-type')).toMatch(/^image\//);
    expect(answer.html).toMatch(
      /^<iframe src="[^"]+" width="100%" height="130" frameborder="0" loading="lazy" title="Pilot &lt;&amp; &quot;friends&quot;&gt;" allow="autoplay"><\/iframe>$/,
    );
    const player = new URL(/src="([^"]+)"/.exec(answer.html)![1]!.replaceAll('&amp;', '&'));
    expect(player.origin + player.pathname).toBe(`${running.url}/embed/audio`);
    expect(player.searchParams.get('title')).toBe('Pilot <& "friends">');
    expect(player.searchParams.get('art')).toBe(answer.thumbnail_url);
    // The player plays through the enclosure redirect, counted as the embed's.
    const enclosure = new URL(player.searchParams.get('url')!);
    expect(enclosure.pathname).toBe(
      `/e/${podcast.id}/${published.id}/${enclosure.pathname.split('/').pop()}`,
    );
    expect(enclosure.searchParams.get('src')).toBe('embed');
    const audio = await fetch(enclosure);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
  });

  it('honours maxwidth and maxheight, and sees no format as json', async () => {
    const answer = (await (
      await oembed({ url: pageUrl(published.id), maxwidth: '320', maxheight: '110' })
    ).json()) as OembedRichResponse;
    expect(answer).toMatchObject({ width: 320, height: 110 });
    expect(answer.html).toContain('width="320" height="110"');
  });

  it('is 404 for drafts, episodes of private podcasts, unknown episodes and addresses that are not episode pages', async () => {
    const cases = [
      [pageUrl(draft.id), 'EPISODE_NOT_FOUND'],
      [pageUrl(privateEpisode.id), 'EPISODE_NOT_FOUND'],
      [pageUrl('00000000-0000-4000-8000-000000000000'), 'EPISODE_NOT_FOUND'],
      [`https://elsewhere.example.com/episode/${published.id}`, 'NOT_FOUND'],
      [`${running.url}/podcast/${podcast.id}`, 'NOT_FOUND'],
      [`${running.url}/episode/not-an-id`, 'NOT_FOUND'],
      ['not a url at all', 'NOT_FOUND'],
    ] as const;
    for (const [url, code] of cases) {
      const response = await oembed({ url });
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(((await response.json()) as { code: string }).code).toBe(code);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('is 501 for the xml format, as oEmbed asks, and 400 without a url or with malformed sizes, never a 500', async () => {
    const xml = await oembed({ url: pageUrl(published.id), format: 'xml' });
    expect(xml.status).toBe(501);
    expect(await xml.json()).toEqual({
      code: 'OEMBED_FORMAT_NOT_IMPLEMENTED',
      message: 'Only the json format is available',
    });
    const missing = await fetch(`${running.url}/api/oembed?format=json`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'url: The address of an episode page is required',
    });
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    for (const query of [
      `url=${encodeURIComponent(pageUrl(published.id))}&maxwidth=wide`,
      `url=${encodeURIComponent(pageUrl(published.id))}&maxheight=-3`,
      'url=a&url=b',
      `url=${'x'.repeat(3000)}`,
    ])
      expect((await fetch(`${running.url}/api/oembed?${query}`)).status).toBe(400);
  });
});
