// One Jest run for the whole workspace: unit and integration tests beside the code, e2e under tools/e2e.
import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
delete swc.exclude;
delete swc.$schema;

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@castbase/source', 'node', 'node-addons'] },
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools'],
  testMatch: ['**/*.spec.ts', '**/*.e2e.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/apps/web/'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, sourceMaps: 'inline', swcrc: false }] },
  globalSetup: '<rootDir>/tools/test/global-setup.mjs',
  globalTeardown: '<rootDir>/tools/test/global-teardown.mjs',
  testTimeout: 60_000,
  maxWorkers: 2,
  // A worker that holds more than this after a test file is replaced by a fresh one. Each test file's ESM module
  // graph (Nest, MikroORM, the AWS SDK, Playwright) stays reachable in a vm-modules worker, so one worker running many
  // files grew to its 4 GB heap: minutes of garbage collection slowed every later file, and it finally crashed.
  workerIdleMemoryLimit: '1GB',
};
