export * from './binaries.js';
export * from './probe.js';
export * from './render-test-media.js';
export * from './run-ffmpeg.js';
