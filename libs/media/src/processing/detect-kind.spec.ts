import { copyFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  renderTestAudio,
  renderTestVideo,
  resolveFfmpegBinaries,
  runFfmpeg,
  type TestAudioContainer,
  type TestVideoContainer,
} from '@castbase/platform-ffmpeg';
import { detectMediaKind } from './detect-kind.js';
import { fixtureFolder, renderTestImage } from './testing/processing-fixtures.js';

const binaries = resolveFfmpegBinaries();
let fixtures: Awaited<ReturnType<typeof fixtureFolder>>;

beforeAll(async () => {
  fixtures = await fixtureFolder('detect-kind');
});
afterAll(async () => {
  await fixtures.remove();
});

describe('detectMediaKind of audio', () => {
  it.each<[TestAudioContainer, string, string]>([
    ['mp3', 'mp3', 'audio/mpeg'],
    ['mp3-bare', 'mp3', 'audio/mpeg'],
    ['wav', 'wav', 'audio/wav'],
    ['flac', 'flac', 'audio/flac'],
    ['ogg', 'ogg', 'audio/ogg'],
    ['opus', 'ogg', 'audio/ogg'],
    ['aac', 'aac', 'audio/aac'],
    ['m4a', 'm4a', 'audio/mp4'],
    ['mp4-audio', 'm4a', 'audio/mp4'],
    ['mka', 'mkv', 'audio/x-matroska'],
    ['webm-audio', 'webm', 'audio/webm'],
  ])('reads %s as audio %s (%s), from a file without an extension', async (container, format, mimeType) => {
    const path = fixtures.path(`audio-${container}`);
    await renderTestAudio(binaries, path, container, { seconds: 1 });
    expect(await detectMediaKind(path, binaries)).toEqual({ kind: 'audio', format, mimeType });
  });

  it('reads an MP3 with cover art as audio: an attached picture is not video', async () => {
    const audio = fixtures.path('plain.mp3');
    const cover = fixtures.path('cover.jpg');
    const withCover = fixtures.path('with-cover.mp3');
    await renderTestAudio(binaries, audio, 'mp3', { seconds: 1 });
    await renderTestImage(cover, { width: 64, height: 64, format: 'jpeg' });
    await runFfmpeg(binaries, [
      '-i',
      audio,
      '-i',
      cover,
      '-map',
      '0:a',
      '-map',
      '1',
      '-c',
      'copy',
      withCover,
    ]);
    expect(await detectMediaKind(withCover, binaries)).toEqual({
      kind: 'audio',
      format: 'mp3',
      mimeType: 'audio/mpeg',
    });
  });

  it('reads an MP3 renamed .png as the MP3 it is', async () => {
    const path = fixtures.path('really-an-mp3.png');
    await renderTestAudio(binaries, path, 'mp3-bare', { seconds: 1 });
    expect(await detectMediaKind(path, binaries)).toEqual({
      kind: 'audio',
      format: 'mp3',
      mimeType: 'audio/mpeg',
    });
  });
});

describe('detectMediaKind of video', () => {
  it.each<[TestVideoContainer, string, string]>([
    ['mp4', 'mp4', 'video/mp4'],
    ['mov', 'mov', 'video/quicktime'],
    ['avi', 'avi', 'video/x-msvideo'],
    ['mkv', 'mkv', 'video/x-matroska'],
    ['webm', 'webm', 'video/webm'],
  ])('reads %s with a picture and a sound track as video %s (%s)', async (container, format, mimeType) => {
    const path = fixtures.path(`video-${container}`);
    await renderTestVideo(binaries, path, container, { seconds: 1, width: 160, height: 90 });
    expect(await detectMediaKind(path, binaries)).toEqual({ kind: 'video', format, mimeType });
  });

  it('reads a video without a sound track as video', async () => {
    const path = fixtures.path('silent-video');
    await renderTestVideo(binaries, path, 'mp4', { seconds: 1, width: 160, height: 90, withAudio: false });
    expect(await detectMediaKind(path, binaries)).toMatchObject({ kind: 'video', format: 'mp4' });
  });
});

describe('detectMediaKind of images', () => {
  it.each<['jpeg' | 'png' | 'webp' | 'gif', string]>([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
  ])('reads %s from its magic number', async (format, mimeType) => {
    const path = fixtures.path(`image-${format}`);
    await renderTestImage(path, { width: 32, height: 32, format });
    expect(await detectMediaKind(path, binaries)).toEqual({ kind: 'image', format, mimeType });
  });

  it('reads a PNG named .mp3 as a PNG', async () => {
    const path = fixtures.path('cover.mp3');
    await renderTestImage(path, { width: 32, height: 32, format: 'png' });
    expect(await detectMediaKind(path, binaries)).toEqual({
      kind: 'image',
      format: 'png',
      mimeType: 'image/png',
    });
  });
});

describe('detectMediaKind of everything else', () => {
  it('finds nothing in a text file, whatever its name', async () => {
    const text = fixtures.path('notes.txt');
    await writeFile(text, 'Show notes: we talk about feeds.\n'.repeat(200));
    const namedMp3 = fixtures.path('notes.mp3');
    await copyFile(text, namedMp3);
    expect(await detectMediaKind(text, binaries)).toBeNull();
    expect(await detectMediaKind(namedMp3, binaries)).toBeNull();
  });

  it('finds nothing in an empty file or in a format Castbase does not take (a PDF)', async () => {
    const empty = fixtures.path('empty.wav');
    await writeFile(empty, '');
    const pdf = fixtures.path('document.pdf');
    await writeFile(pdf, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    expect(await detectMediaKind(empty, binaries)).toBeNull();
    expect(await detectMediaKind(pdf, binaries)).toBeNull();
  });
});
