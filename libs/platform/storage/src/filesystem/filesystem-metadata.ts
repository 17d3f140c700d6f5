import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { z } from 'zod';

import { DEFAULT_CONTENT_TYPE } from '../object-storage.js';
import { isMissing } from './filesystem-layout.js';

const sidecarSchema = z.object({
  contentType: z.string(),
  cacheControl: z.string().optional(),
  /** Hex MD5 of the content. */
  etag: z.string(),
});

export type FilesystemSidecar = z.infer<typeof sidecarSchema>;

export async function writeSidecar(tmpFolder: string, sidecar: FilesystemSidecar): Promise<string> {
  const temporaryPath = path.join(tmpFolder, `${randomUUID()}.json`);
  await writeFile(temporaryPath, JSON.stringify(sidecar), { flag: 'wx', flush: true });
  return temporaryPath;
}

/**
 * The sidecar of an object, or one rebuilt from the content when it is missing (a crash between
 * the two renames of a write, or a file copied in by hand).
 */
export async function readSidecar(metadataPath: string, objectPath: string): Promise<FilesystemSidecar> {
  try {
    return sidecarSchema.parse(JSON.parse(await readFile(metadataPath, 'utf8')));
  } catch (error) {
    if (!isMissing(error)) throw error;
    return { contentType: DEFAULT_CONTENT_TYPE, etag: await md5OfFile(objectPath) };
  }
}

async function md5OfFile(filePath: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
