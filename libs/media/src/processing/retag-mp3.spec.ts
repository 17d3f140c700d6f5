import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseFile } from 'music-metadata';
import { renderTestAudio, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import type { Id3ChapterFrame } from './id3-chapter-tag.js';
import { readLeadingId3v2, retagMp3 } from './retag-mp3.js';
import { fixtureFolder, renderTestImage } from './testing/processing-fixtures.js';
import { writeId3Tags } from './write-id3-tags.js';

const binaries = resolveFfmpegBinaries();
let fixtures: Awaited<ReturnType<typeof fixtureFolder>>;
/** A 12-second MP3 tagged at upload: title from the file name, album, artist, front cover. */
let uploaded: string;
let chapterJpeg: Buffer;
let chapterPng: Buffer;

async function audioChecksum(path: string): Promise<string> {
  const { stdout } = await promisify(execFile)(binaries.ffmpegPath, [
    ...['-v', 'error', '-i', path, '-map', '0:a', '-c', 'copy', '-f', 'md5', '-'],
  ]);
  return stdout.trim();
}

/** The bytes after the leading ID3v2 tag(s): the audio frames as stored. */
async function bytesAfterTag(path: string): Promise<Buffer> {
  const { audioOffset } = await readLeadingId3v2(path);
  return (await readFile(path)).subarray(audioOffset);
}

beforeAll(async () => {
  fixtures = await fixtureFolder('retag');
  const plain = fixtures.path('plain.mp3');
  await renderTestAudio(binaries, plain, 'mp3', { seconds: 12, bitrateKbps: 128 });
  await renderTestImage(fixtures.path('cover.jpg'), { width: 600, height: 600, format: 'jpeg' });
  await renderTestImage(fixtures.path('chapter.jpg'), { width: 300, height: 300, format: 'jpeg' });
  await renderTestImage(fixtures.path('chapter.png'), { width: 200, height: 200, format: 'png' });
  chapterJpeg = await readFile(fixtures.path('chapter.jpg'));
  chapterPng = await readFile(fixtures.path('chapter.png'));
  uploaded = fixtures.path('uploaded.mp3');
  await writeId3Tags(
    plain,
    uploaded,
    { title: 'episode-01', album: 'Castbase Radio', artist: 'Ada', artworkPath: fixtures.path('cover.jpg') },
    binaries,
  );
});
afterAll(async () => {
  await fixtures.remove();
});

const editorChapters: Id3ChapterFrame[] = [
  { startSeconds: 4, endSeconds: 8, title: 'Main topic', url: 'https://example.com/main', toc: true },
  { startSeconds: 0, title: 'Intro', url: null, image: null, toc: true },
  { startSeconds: 8, title: 'Sponsor (hidden)', toc: false },
  { startSeconds: 10, title: 'Outro — ünïcödé ✓', image: null, toc: true },
];

describe('retagMp3', () => {
  it('writes the chapters as CHAP frames with titles, times, URLs and images, listed by a CTOC, keeping cover, album and artist', async () => {
    const output = fixtures.path('chapters.mp3');
    const chapters = editorChapters.map((chapter) =>
      chapter.title === 'Intro'
        ? { ...chapter, image: { mimeType: 'image/jpeg' as const, bytes: chapterJpeg } }
        : chapter.title === 'Main topic'
          ? { ...chapter, image: { mimeType: 'image/png' as const, bytes: chapterPng } }
          : chapter,
    );
    await retagMp3(uploaded, output, { title: 'Episode 1: Feeds', chapters }, binaries);

    const { common, format, native } = await parseFile(output, { includeChapters: true });
    expect(common).toMatchObject({ title: 'Episode 1: Feeds', album: 'Castbase Radio', artist: 'Ada' });
    expect(common.picture?.[0]).toMatchObject({ format: 'image/jpeg', type: 'Cover (front)' });
    // The table of contents (what apps list) has the three chapters shown, in playing order.
    expect(format.chapters?.map(({ title, start, end }) => ({ title, start, end }))).toEqual([
      { title: 'Intro', start: 0, end: 4 },
      { title: 'Main topic', start: 4, end: 8 },
      { title: 'Outro — ünïcödé ✓', start: 10, end: expect.closeTo(12, 0) },
    ]);
    const [intro, main, outro] = format.chapters!;
    expect(Buffer.from(intro!.image!.data).equals(chapterJpeg)).toBe(true);
    expect(intro!.image!.format).toBe('image/jpeg');
    expect(intro!.url).toBeUndefined();
    expect(main!.url).toMatchObject({ url: 'https://example.com/main' });
    expect(Buffer.from(main!.image!.data).equals(chapterPng)).toBe(true);
    expect(outro!.image).toBeUndefined();

    const id3 = native['ID3v2.3']!;
    const chapFrames = id3.filter((frame) => frame.id === 'CHAP');
    expect(chapFrames).toHaveLength(4);
    const hidden = chapFrames
      .map(
        (frame) =>
          frame.value as {
            label: string;
            info: { startTime: number; endTime: number };
            frames: Map<string, unknown>;
          },
      )
      .find((chap) => chap.frames.get('TIT2') === 'Sponsor (hidden)');
    expect(hidden?.info).toMatchObject({ startTime: 8000, endTime: 10000 });
    const tocs = id3.filter((frame) => frame.id === 'CTOC').map((frame) => frame.value);
    expect(tocs).toEqual([
      expect.objectContaining({
        flags: { topLevel: true, ordered: true },
        childElementIds: ['chp0', 'chp1', 'chp3'],
      }),
    ]);
    expect(hidden?.label).toBe('chp2');
  });

  it('copies the audio frames byte for byte after the new tag, and re-tagging its own output replaces the tag', async () => {
    const first = fixtures.path('first.mp3');
    const second = fixtures.path('second.mp3');
    await retagMp3(uploaded, first, { title: 'First', chapters: editorChapters }, binaries);
    await retagMp3(first, second, { title: 'Second', chapters: [editorChapters[0]!] }, binaries);

    const original = await bytesAfterTag(uploaded);
    expect((await bytesAfterTag(first)).equals(original)).toBe(true);
    expect((await bytesAfterTag(second)).equals(original)).toBe(true);
    expect(await audioChecksum(second)).toBe(await audioChecksum(uploaded));
    const { common, format } = await parseFile(second, { includeChapters: true });
    expect(common.title).toBe('Second');
    expect(format.chapters?.map((chapter) => chapter.title)).toEqual(['Main topic']);
  });

  it('leaves out chapters that start after the end and clamps an end past it', async () => {
    const output = fixtures.path('late.mp3');
    await retagMp3(
      uploaded,
      output,
      {
        title: 'Late',
        chapters: [
          { startSeconds: 0, endSeconds: 60, title: 'Long', toc: true },
          { startSeconds: 90, title: 'Past the end', toc: true },
        ],
      },
      binaries,
    );
    const { format } = await parseFile(output, { includeChapters: true });
    expect(format.chapters).toEqual([
      expect.objectContaining({ title: 'Long', start: 0, end: expect.closeTo(12, 0) }),
    ]);
  });

  it('writes a tag without chapters (no CHAP or CTOC) when there are none', async () => {
    const output = fixtures.path('none.mp3');
    await retagMp3(uploaded, output, { title: 'No chapters', chapters: [] }, binaries);
    const { native, format } = await parseFile(output, { includeChapters: true });
    expect(format.chapters).toBeUndefined();
    expect(native['ID3v2.3']!.some((frame) => frame.id === 'CHAP' || frame.id === 'CTOC')).toBe(false);
  });

  it('refuses a file that is not audio with MEDIA_UNREADABLE', async () => {
    await expect(
      retagMp3(fixtures.path('chapter.png'), fixtures.path('x.mp3'), { title: 'x', chapters: [] }, binaries),
    ).rejects.toMatchObject({ code: 'MEDIA_UNREADABLE' });
  });
});

describe('buildEpisodeId3Tag', () => {
  it('splits a table of contents of more than 255 chapters into child tables that the top-level one lists', async () => {
    const chapters: Id3ChapterFrame[] = Array.from({ length: 300 }, (_, index) => ({
      startSeconds: index * 0.04,
      title: `Chapter ${index + 1}`,
      toc: true,
    }));
    const output = fixtures.path('many.mp3');
    await retagMp3(uploaded, output, { title: 'Many', chapters }, binaries);
    const { native } = await parseFile(output);
    const id3 = native['ID3v2.3']!;
    expect(id3.filter((frame) => frame.id === 'CHAP')).toHaveLength(300);
    const tocs = id3
      .filter((frame) => frame.id === 'CTOC')
      .map(
        (frame) => frame.value as { label: string; flags: { topLevel: boolean }; childElementIds: string[] },
      );
    expect(
      tocs.map(({ label, flags, childElementIds }) => [label, flags.topLevel, childElementIds.length]),
    ).toEqual([
      ['toc', true, 2],
      ['toc1', false, 255],
      ['toc2', false, 45],
    ]);
    expect(tocs[0]!.childElementIds).toEqual(['toc1', 'toc2']);
  });
});
