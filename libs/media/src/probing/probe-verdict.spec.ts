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

describe('judgeProbe', () => {
  it('accepts audio as audio, with the duration rounded to whole seconds', () => {
    expect(judgeProbe('audio/mpeg', { ...audioProbe, durationSeconds: 61.5 })).toEqual({
      readable: true,
      kind: 'audio',
      durationSeconds: 62,
      bitrate: 128_000,
    });
  });

  it('takes the kind from the streams: a file with a picture stream is video', () => {
    const verdict = judgeProbe('video/mp4', {
      ...audioProbe,
      formatName: 'mov,mp4',
      hasVideo: true,
      width: 1280,
      height: 720,
    });
    expect(verdict).toMatchObject({ readable: true, kind: 'video' });
  });

  it('accepts a video-typed file that only holds audio, as audio', () => {
    expect(judgeProbe('video/mp4', audioProbe)).toMatchObject({ readable: true, kind: 'audio' });
  });

  it('refuses what ffprobe cannot open', () => {
    expect(judgeProbe('audio/mpeg', null)).toEqual({
      readable: false,
      reason: 'ffprobe could not read the file',
    });
  });

  it('refuses a file with neither audio nor video', () => {
    expect(judgeProbe('video/mp4', { ...audioProbe, hasAudio: false })).toMatchObject({ readable: false });
  });

  it('refuses a file declared as audio that has no audio stream', () => {
    const silentVideo = { ...audioProbe, hasAudio: false, hasVideo: true };
    expect(judgeProbe('audio/mpeg', silentVideo)).toEqual({
      readable: false,
      reason: 'the file was declared as audio/mpeg but has no audio stream',
    });
  });
});
