import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3rverTestServer {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/** Started with the bucket already created; prints the port it got as one JSON line. */
const SERVER_SCRIPT = `
const [s3rverPath, directory, bucket] = process.argv.slice(1);
const { default: S3rver } = await import(s3rverPath);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await server.run();
process.stdout.write(JSON.stringify({ port }) + '\\n');
`;

/**
 * An S3 wire-protocol server on a free port of 127.0.0.1, storing into a fresh temporary folder.
 * It runs in a child Node with OpenSSL's legacy provider: s3rver encrypts ListObjectsV2
 * continuation tokens with DES, which OpenSSL 3 leaves out by default.
 */
export async function startS3rver(bucket = 'castbase-test'): Promise<S3rverTestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'castbase-s3rver-'));
  const s3rverPath = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--input-type=module', '-e', SERVER_SCRIPT, s3rverPath, directory, bucket],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`s3rver exited with code ${String(code)} before listening: ${stderr}`);
  });
  const firstLine = once(createInterface({ input: child.stdout }), 'line').then(([line]) => String(line));
  const { port } = JSON.parse(await Promise.race([firstLine, exited])) as { port: number };
  exited.catch(() => undefined);

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async stop() {
      if (child.exitCode === null) {
        const exit = once(child, 'exit');
        child.kill('SIGTERM');
        await exit;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
