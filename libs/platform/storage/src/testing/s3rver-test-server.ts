import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import S3rver from 's3rver';

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3rverTestServer {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/** An S3 wire-protocol server on a free port of 127.0.0.1, storing into a fresh temporary folder. */
export async function startS3rver(bucket = 'castbase-test'): Promise<S3rverTestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'castbase-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
