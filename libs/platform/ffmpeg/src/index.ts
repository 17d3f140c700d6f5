export * from './binaries.js';
export * from './probe.js';
