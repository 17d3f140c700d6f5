import { describe, expect, it } from '@jest/globals';
import type { MediaProbe } from '@castbase/platform-ffmpeg';
import { judgeProbe } from './probe-verdict.js';

const audioProbe: MediaProbe = {
  formatName: 'mp3',
  durationSeconds: 3.03,
  bitrate: 128_000,
  hasAudio: true,
  hasVideo: false,
  width: null,
  height: null,
};

const pngProbe: MediaProbe = {
  formatName: 'png_pipe',
  durationSeconds: 0,
  bitrate: null,
  hasAudio: false,
  hasVideo: true,
  width: 1400,
  height: 1400,
};

describe('judgeProbe of audio and video', () => {
  it('accepts audio as audio, with the duration rounded to whole seconds and no picture size', () => {
    expect(judgeProbe('audio/mpeg', { ...audioProbe, durationSeconds: 61.5 })).toEqual({
      readable: true,
      kind: 'audio',
      durationSeconds: 62,
      bitrate: 128_000,
      width: null,
      height: null,
    });
  });

  it('takes the kind from the streams: a file with a picture stream is video, with its picture size', () => {
    const verdict = judgeProbe('video/mp4', {
      ...audioProbe,
      formatName: 'mov,mp4',
      hasVideo: true,
      width: 1280,
      height: 720,
    });
    expect(verdict).toMatchObject({ readable: true, kind: 'video', width: 1280, height: 720 });
  });

  it('accepts a video-typed file that only holds audio, as audio', () => {
    expect(judgeProbe('video/mp4', audioProbe)).toMatchObject({ readable: true, kind: 'audio' });
  });

  it('refuses what ffprobe cannot open', () => {
    expect(judgeProbe('audio/mpeg', null)).toEqual({
      readable: false,
      code: 'MEDIA_UNREADABLE',
      reason: 'ffprobe could not read the file',
    });
  });

  it('refuses a file with neither audio nor video', () => {
    expect(judgeProbe('video/mp4', { ...audioProbe, hasAudio: false })).toMatchObject({
      readable: false,
      code: 'MEDIA_UNREADABLE',
    });
  });

  it('refuses a file declared as audio that has no audio stream', () => {
    const silentVideo = { ...audioProbe, hasAudio: false, hasVideo: true };
    expect(judgeProbe('audio/mpeg', silentVideo)).toEqual({
      readable: false,
      code: 'MEDIA_UNREADABLE',
      reason: 'the file was declared as audio/mpeg but has no audio stream',
    });
  });

  it('refuses a still image declared as video', () => {
    expect(judgeProbe('video/mp4', pngProbe)).toEqual({
      readable: false,
      code: 'MEDIA_UNREADABLE',
      reason: 'the file is an image, not audio or video',
    });
  });
});

describe('judgeProbe of images', () => {
  it('accepts an image of the declared type with its width and height, without duration or bitrate', () => {
    expect(judgeProbe('image/png', pngProbe)).toEqual({
      readable: true,
      kind: 'image',
      durationSeconds: 0,
      bitrate: null,
      width: 1400,
      height: 1400,
    });
  });

  it('recognises JPEG, WebP and GIF by the format ffprobe reads from their content', () => {
    for (const [contentType, formatName] of [
      ['image/jpeg', 'jpeg_pipe'],
      ['image/webp', 'webp_pipe'],
      ['image/gif', 'gif'],
    ] as const) {
      expect(judgeProbe(contentType, { ...pngProbe, formatName })).toMatchObject({
        readable: true,
        kind: 'image',
      });
    }
  });

  it('refuses an MP3 declared as a PNG with IMAGE_TYPE_NOT_ALLOWED', () => {
    expect(judgeProbe('image/png', audioProbe)).toEqual({
      readable: false,
      code: 'IMAGE_TYPE_NOT_ALLOWED',
      reason: 'the file was declared as image/png but its content is mp3',
    });
  });

  it('refuses an image of another type than the declared one', () => {
    expect(judgeProbe('image/jpeg', pngProbe)).toMatchObject({
      readable: false,
      code: 'IMAGE_TYPE_NOT_ALLOWED',
    });
  });

  it('refuses an image that does not open, or has no picture size, as MEDIA_UNREADABLE', () => {
    expect(judgeProbe('image/png', null)).toMatchObject({ readable: false, code: 'MEDIA_UNREADABLE' });
    expect(judgeProbe('image/png', { ...pngProbe, width: null, height: null })).toEqual({
      readable: false,
      code: 'MEDIA_UNREADABLE',
      reason: 'the image has no picture in it',
    });
  });
});
