import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { feedPath, type Chapter, type Episode, type MediaFile, type Podcast } from '@castbase/contracts';
import { renderTestAudio, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@castbase/platform-testing';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser } from './support/api-client.js';
import { uploadFile, uploadMp3 } from './support/publish-flow.js';
import { testProcessEnv } from './support/test-process-env.js';
import { solidPng } from './support/web-journey.js';

// Chapters end to end in the all-in-one process: the editor's chapters become the public JSON chapters file
// (/api/chapters/{id}.json) and ID3 CHAP/CTOC frames in the MP3 podcast apps download; a chapter edit re-tags the
// file (new key, new ETag and size), which the episode, the feed's enclosure and the download redirect follow.

describe('chapters over HTTP: the JSON chapters file and the chapters in the MP3', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  let files: string;
  let api: ApiClient;
  let podcast: Podcast;
  let audio: MediaFile;
  let chapterImage: MediaFile;

  const chaptersFile = (name: string, headers: Record<string, string> = {}) =>
    fetch(`${running.url}/api/chapters/${name}`, { headers });
  const getEpisode = (id: string) => api.ok<Episode>('GET', `/api/episodes/${id}`);

  beforeAll(async () => {
    database = await createTestDatabase('chapters_http');
    running = await runAllInOne(await testProcessEnv(database, await freePort(), 'in-process'));
    api = new ApiClient(running.url).as(await createTestUser('chapo'));
    files = await mkdtemp(join(tmpdir(), 'castbase-chapters-'));
    await renderTestAudio(resolveFfmpegBinaries(), join(files, 'pilot.mp3'), 'mp3', {
      seconds: 12,
      bitrateKbps: 128,
    });
    await writeFile(join(files, 'chapter.png'), solidPng(400, 400));
    audio = await uploadMp3(api, join(files, 'pilot.mp3'), 'pilot.mp3');
    const image = await uploadFile(api, {
      input: join(files, 'chapter.png'),
      fileName: 'chapter.png',
      fileType: 'image/png',
      purpose: 'chapter-image',
    });
    chapterImage = await waitFor('the chapter image', async () => {
      const current = await api.ok<MediaFile>('GET', `/api/media/${image.id}`);
      return current.status === 'ready' && current;
    });
    podcast = await api.ok<Podcast>('POST', '/api/podcasts', { name: 'Chapter House', author: 'Chapo' });
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    if (files) await rm(files, { recursive: true, force: true });
  });

  function editorChapters(mainTitle: string): Chapter[] {
    return [
      { id: 'intro', startTime: 0, endTime: 4, title: 'Intro', image: chapterImage.url, toc: true },
      { id: 'main', startTime: 4, title: mainTitle, url: 'https://example.com/notes', toc: true },
      { id: 'ad', startTime: 8, endTime: 10, title: 'Sponsor', toc: false },
      // An address of another site is in the JSON file but never fetched into the MP3.
      { id: 'end', startTime: 10, title: 'Outro', image: 'http://169.254.169.254/latest.png', toc: true },
    ];
  }

  /** The served MP3 of an episode: its headers, and its tags read back with music-metadata. */
  async function servedMp3(episode: Episode) {
    const response = await fetch(episode.media!.url);
    expect(response.status).toBe(200);
    const path = join(files, `${randomUUID()}.mp3`);
    await writeFile(path, Buffer.from(await response.arrayBuffer()));
    const metadata = await parseFile(path, { includeChapters: true });
    return {
      etag: response.headers.get('etag'),
      length: Number(response.headers.get('content-length')),
      metadata,
      bytes: await readFile(path),
    };
  }

  /** The episode once it plays a tagged copy other than `previousKey`. */
  const retagged = (episodeId: string, previousKey: string) =>
    waitFor(
      'the re-tagged MP3',
      async () => {
        const episode = await getEpisode(episodeId);
        return episode.media && episode.media.storageKey !== previousKey && episode;
      },
      { timeoutMs: 60_000 },
    );

  it('a chapter edit ends in a re-tagged MP3 with a new ETag and size that the episode, the feed and the download follow', async () => {
    const draft = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: 'Pilot',
      mediaId: audio.id,
      chapters: editorChapters('Main topic'),
    });
    await api.ok('POST', `/api/episodes/${draft.id}/publish`);
    const first = await retagged(draft.id, audio.storageKey);
    const firstFile = await servedMp3(first);

    expect(firstFile.metadata.common.title).toBe('Pilot');
    expect(
      firstFile.metadata.format.chapters?.map(({ title, start, end }) => ({ title, start, end })),
    ).toEqual([
      { title: 'Intro', start: 0, end: 4 },
      { title: 'Main topic', start: 4, end: 8 },
      { title: 'Outro', start: 10, end: expect.closeTo(12, 0) },
    ]);
    const [intro, main, outro] = firstFile.metadata.format.chapters!;
    expect(intro!.image?.format).toMatch(/^image\/(jpeg|png)$/);
    const storedImage = Buffer.from(await (await fetch(chapterImage.url)).arrayBuffer());
    expect(Buffer.from(intro!.image!.data).equals(storedImage)).toBe(true);
    expect(main!.url).toMatchObject({ url: 'https://example.com/notes' });
    expect(outro!.image).toBeUndefined();
    const chapFrames = firstFile.metadata.native['ID3v2.3']!.filter((frame) => frame.id === 'CHAP');
    expect(chapFrames).toHaveLength(4);
    expect(first.media!.sizeBytes).toBe(firstFile.length);

    const edited = await api.ok<Episode>('PATCH', `/api/episodes/${draft.id}`, {
      revision: first.revision,
      chapters: editorChapters('The main topic, renamed at length'),
    });
    const second = await retagged(draft.id, first.media!.storageKey);
    const secondFile = await servedMp3(second);

    expect(secondFile.etag).not.toBe(firstFile.etag);
    expect(secondFile.length).not.toBe(firstFile.length);
    expect(second.media!.sizeBytes).toBe(secondFile.length);
    expect(second.revision).toBe(edited.revision);
    expect(secondFile.metadata.format.chapters?.[1]?.title).toBe('The main topic, renamed at length');
    // The audio frames after the tag are the same bytes.
    const audioOf = (bytes: Buffer) => bytes.subarray(bytes.length - 50_000);
    expect(audioOf(secondFile.bytes).equals(audioOf(firstFile.bytes))).toBe(true);

    const feedItem = await waitFor('the feed with the new length', async () => {
      const xml = await (await fetch(`${running.url}${feedPath(podcast)}`)).text();
      return xml.includes(`length="${secondFile.length}"`) && xml;
    });
    expect(feedItem).toContain(
      `<podcast:chapters url="${running.url}/api/chapters/${draft.id}.json" type="application/json+chapters"/>`,
    );
    const download = await waitFor('the download redirect to the new file', async () => {
      const response = await fetch(`${running.url}/e/${podcast.id}/${draft.id}/pilot.mp3`, {
        redirect: 'manual',
      });
      const location = response.headers.get('location') ?? '';
      return location.includes(second.media!.storageKey.split('/').slice(-2).join('/')) && location;
    });
    expect(download).toBeTruthy();
  });

  it('serves the chapters file of a published episode: JSON chapters 1.2.0, open CORS, a strong ETag and 304', async () => {
    const episode = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: 'Served',
      mediaId: audio.id,
      chapters: editorChapters('Main topic'),
      status: 'published',
    });

    const response = await waitFor('the chapters file', async () => {
      const answer = await chaptersFile(`${episode.id}.json`);
      return answer.status === 200 && answer;
    });
    expect(response.headers.get('content-type')).toBe('application/json+chapters');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const document = (await response.json()) as { version: string; chapters: Array<Record<string, unknown>> };
    expect(document.version).toBe('1.2.0');
    expect(document.chapters.map((chapter) => chapter['startTime'])).toEqual([0, 4, 8, 10]);
    for (const chapter of document.chapters) {
      expect(typeof chapter['startTime']).toBe('number');
      expect(typeof chapter['title']).toBe('string');
    }
    expect(document.chapters[0]).toMatchObject({ img: chapterImage.url, endTime: 4, toc: true });
    expect(document.chapters[2]).toMatchObject({ title: 'Sponsor', toc: false });

    const again = await chaptersFile(`${episode.id}.json`, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await chaptersFile(`${episode.id}.json`, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers 404 JSON for a draft, an episode without chapters, an unknown id and names that are not {uuid}.json', async () => {
    const draft = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: 'Draft',
      mediaId: audio.id,
      chapters: editorChapters('Main topic'),
    });
    const withoutChapters = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: 'Plain',
      mediaId: audio.id,
      status: 'published',
    });
    for (const name of [
      `${draft.id}.json`,
      `${withoutChapters.id}.json`,
      `${randomUUID()}.json`,
      draft.id,
      'not-an-id.json',
      `${'9'.repeat(5000)}.json`,
    ]) {
      const response = await chaptersFile(name);
      expect({ name, status: response.status }).toEqual({ name, status: 404 });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    // A name Express cannot even decode is refused, never a server error.
    expect((await chaptersFile('%E0%A4%A.json')).status).toBeLessThan(500);
  });
});
