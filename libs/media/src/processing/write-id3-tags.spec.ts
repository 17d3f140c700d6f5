import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseFile } from 'music-metadata';
import { renderTestAudio, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { fixtureFolder, renderTestImage } from './testing/processing-fixtures.js';
import { writeId3Tags } from './write-id3-tags.js';

const binaries = resolveFfmpegBinaries();
let fixtures: Awaited<ReturnType<typeof fixtureFolder>>;
let episode: string;
let coverJpeg: string;
let coverPng: string;

/** The MD5 of the audio packets: equal before and after when the audio was copied, not re-encoded. */
async function audioChecksum(path: string): Promise<string> {
  const { stdout } = await promisify(execFile)(binaries.ffmpegPath, [
    ...['-v', 'error', '-i', path, '-map', '0:a', '-c', 'copy', '-f', 'md5', '-'],
  ]);
  return stdout.trim();
}

beforeAll(async () => {
  fixtures = await fixtureFolder('id3');
  episode = fixtures.path('episode.mp3');
  coverJpeg = fixtures.path('cover.jpg');
  coverPng = fixtures.path('cover.png');
  await renderTestAudio(binaries, episode, 'mp3', { seconds: 5, bitrateKbps: 128 });
  await renderTestImage(coverJpeg, { width: 600, height: 600, format: 'jpeg' });
  await renderTestImage(coverPng, { width: 600, height: 600, format: 'png' });
});
afterAll(async () => {
  await fixtures.remove();
});

describe('writeId3Tags', () => {
  it('writes title, album, artist and the artwork as front cover, copying the audio as it was', async () => {
    const output = fixtures.path('tagged.mp3');
    await writeId3Tags(
      episode,
      output,
      { title: 'Episode 1: Feeds', album: 'Castbase Radio', artist: 'Ada', artworkPath: coverJpeg },
      binaries,
    );
    const { common, native } = await parseFile(output);
    expect(common).toMatchObject({ title: 'Episode 1: Feeds', album: 'Castbase Radio', artist: 'Ada' });
    expect(common.picture).toHaveLength(1);
    expect(common.picture![0]).toMatchObject({
      format: 'image/jpeg',
      type: 'Cover (front)',
      description: 'Album cover',
    });
    expect(Object.keys(native)).toContain('ID3v2.3');
    expect(await audioChecksum(output)).toBe(await audioChecksum(episode));
  });

  it('embeds a PNG as image/png, and leaves out the artist when there is none', async () => {
    const output = fixtures.path('png-cover.mp3');
    await writeId3Tags(episode, output, { title: 'T', album: 'A', artworkPath: coverPng }, binaries);
    const { common } = await parseFile(output);
    expect(common.artist).toBeUndefined();
    expect(common.picture?.[0]?.format).toBe('image/png');
  });

  it('keeps the cover of the input when no artwork is given', async () => {
    const withCover = fixtures.path('with-cover.mp3');
    const retitled = fixtures.path('retitled.mp3');
    await writeId3Tags(episode, withCover, { title: 'First', album: 'A', artworkPath: coverJpeg }, binaries);
    await writeId3Tags(withCover, retitled, { title: 'Second', album: 'A' }, binaries);
    const { common } = await parseFile(retitled);
    expect(common.title).toBe('Second');
    expect(common.picture).toHaveLength(1);
  });

  it('writes chapters as CHAP frames, each until the next, the last until the end', async () => {
    const output = fixtures.path('chapters.mp3');
    await writeId3Tags(
      episode,
      output,
      {
        title: 'With chapters',
        album: 'A',
        chapters: [
          { startSeconds: 2, title: 'Main = part; #1' },
          { startSeconds: 0, title: 'Intro' },
        ],
      },
      binaries,
    );
    const { format } = await parseFile(output, { includeChapters: true });
    expect(format.chapters).toEqual([
      expect.objectContaining({ title: 'Intro', start: 0, end: 2 }),
      expect.objectContaining({ title: 'Main = part; #1', start: 2, end: expect.closeTo(5, 0) }),
    ]);
  });

  it('refuses a chapter that starts after the end with CHAPTERS_INVALID', async () => {
    await expect(
      writeId3Tags(
        episode,
        fixtures.path('late-chapter.mp3'),
        { title: 'T', album: 'A', chapters: [{ startSeconds: 60, title: 'Too late' }] },
        binaries,
      ),
    ).rejects.toMatchObject({
      code: 'CHAPTERS_INVALID',
      message: 'Chapter "Too late" starts after the end of the episode (0:05)',
    });
  });
});
