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

/**
 * Started with the bucket already created; prints the port it got as one JSON line. s3rver leaves out two calls of
 * multipart uploads that every real S3 (AWS, MinIO, R2, Ceph) answers and resumable uploads make (@tus/s3-store
 * lists the parts received to resume, and aborts an upload it discards): ListParts (GET ?uploadId) and
 * AbortMultipartUpload (DELETE ?uploadId). They are answered here from the parts s3rver keeps on disk for an
 * upload (a file per part number, its MD5 beside it); every other request goes to s3rver.
 */
const SERVER_SCRIPT = `
const [s3rverPath, directory, bucket] = process.argv.slice(1);
const { default: S3rver } = await import(s3rverPath);
const { readdir, readFile, stat, rm } = await import('node:fs/promises');
const path = await import('node:path');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await server.run();

const escapeXml = (text) => text.replace(/[<>&'"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
const noSuchUpload = (response, uploadId) => {
  response.writeHead(404, { 'content-type': 'application/xml' });
  response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>' + escapeXml(uploadId) + '</UploadId></Error>');
};
async function listParts(response, bucketName, key, uploadId) {
  const folder = path.join(server.store.getResourcePath(bucketName, undefined, 'uploads'), uploadId);
  const names = await readdir(folder).catch(() => null);
  if (!names) return noSuchUpload(response, uploadId);
  const numbers = names.filter((name) => /^[0-9]+$/.test(name)).map(Number).sort((a, b) => a - b);
  const parts = await Promise.all(numbers.map(async (number) => {
    const file = path.join(folder, String(number));
    const [{ size, mtime }, md5] = await Promise.all([stat(file), readFile(file + '.md5', 'utf8')]);
    return '<Part><PartNumber>' + number + '</PartNumber><LastModified>' + mtime.toISOString() + '</LastModified><ETag>&quot;' + md5 + '&quot;</ETag><Size>' + size + '</Size></Part>';
  }));
  response.writeHead(200, { 'content-type': 'application/xml' });
  response.end('<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>' + escapeXml(bucketName) + '</Bucket><Key>' + escapeXml(key) + '</Key><UploadId>' + escapeXml(uploadId) + '</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>' + (numbers.at(-1) ?? 0) + '</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>' + parts.join('') + '</ListPartsResult>');
}
async function abortUpload(response, bucketName, uploadId) {
  const folder = path.join(server.store.getResourcePath(bucketName, undefined, 'uploads'), uploadId);
  if (!(await stat(folder).catch(() => null))) return noSuchUpload(response, uploadId);
  await rm(folder, { recursive: true, force: true });
  response.writeHead(204);
  response.end();
}

const s3rverHandlers = server.httpServer.listeners('request');
server.httpServer.removeAllListeners('request');
server.httpServer.on('request', (request, response) => {
  const url = new URL(request.url, 'http://localhost');
  const uploadId = url.searchParams.get('uploadId');
  const [, bucketName, ...keyParts] = url.pathname.split('/');
  const key = keyParts.map(decodeURIComponent).join('/');
  if (uploadId && key && request.method === 'GET') return void listParts(response, bucketName, key, uploadId);
  if (uploadId && key && request.method === 'DELETE') return void abortUpload(response, bucketName, uploadId);
  for (const handler of s3rverHandlers) handler.call(server.httpServer, request, response);
});
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
