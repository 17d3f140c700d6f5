export * from './compute-peaks.js';
export * from './detect-kind.js';
export * from './detect-transcript.js';
export { measureLoudness, PODCAST_LOUDNESS_TARGET } from './measure-loudness.js';
export * from './probe-audio.js';
export * from './process-image.js';
export {
  createShort,
  exportVideoPreset,
  renderThumbnail,
  SHORT_MAX_SECONDS,
  trimVideo,
  type RenderedMedia,
  type VideoExportPreset,
} from './process-video.js';
export * from './processing-error.js';
export { defaultFfmpegBinaries, probeForStep, type StepOptions } from './processing-ffmpeg.js';
export * from './processing-messages.js';
export * from './transcode-audio.js';
export * from './write-id3-tags.js';
export * from './id3-chapter-tag.js';
export * from './retag-mp3.js';
