import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INestApplication } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';

import { ObjectStorage, type Clock } from '../object-storage.js';
import { StorageModule, type StorageModuleOptions } from '../storage.module.js';

export interface StorageTestApp {
  baseUrl: string;
  storage: ObjectStorage;
  stop(): Promise<void>;
}

/**
 * `StorageModule` served over HTTP on a free port of 127.0.0.1, with whatever storage `options` configure. The
 * socket is bound first so the storage can be configured with the URL it will really be reached at.
 */
export async function startStorageApp(
  options: Omit<StorageModuleOptions, 'publicBaseUrl'>,
): Promise<StorageTestApp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const moduleRef = await Test.createTestingModule({
    imports: [StorageModule.forRoot({ ...options, publicBaseUrl: baseUrl })],
  }).compile();
  const adapter = new ExpressAdapter();
  const app: INestApplication = moduleRef.createNestApplication(adapter, { logger: false });
  await app.init();
  server.on('request', adapter.getInstance());

  return {
    baseUrl,
    storage: app.get(ObjectStorage),
    async stop() {
      await app.close();
      await closeServer(server);
    },
  };
}

/** {@link startStorageApp} on filesystem storage. */
export function startFilesystemStorageApp(options: {
  root: string;
  signingSecret: string;
  clock: Clock;
}): Promise<StorageTestApp> {
  return startStorageApp({
    filesystem: { root: options.root, signingSecret: options.signingSecret },
    clock: options.clock,
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
