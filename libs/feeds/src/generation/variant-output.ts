import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { FeedFileCoding } from '../feed-documents/feed-files.js';

export interface FinishedVariant {
  /** Strong entity tag: SHA-256 of the XML bytes, base64url, quoted. */
  etag: string;
  byteSize: number;
  gzipSize: number;
  brotliSize: number;
  /** The three copies, as temporary files to store (or drop when the tag did not change). */
  files: Record<FeedFileCoding, string>;
}

/**
 * Where one variant's XML goes while it is written: a hash, a file, and gzip and brotli streams into files, chunk by
 * chunk, so no document is ever held whole. gzip at level 9 and brotli at quality 9 (text mode): compressed once per
 * version, off the request path; quality 11 would take about thirty times as long for some 15% less.
 */
export class VariantOutput {
  private readonly hash: Hash = createHash('sha256');
  private readonly identity: WriteStream;
  private readonly gzip: Gzip;
  private readonly brotli: BrotliCompress;
  private readonly gzipFile: WriteStream;
  private readonly brotliFile: WriteStream;
  private readonly files: Record<FeedFileCoding, string>;
  private byteSize = 0;
  private failure: Error | null = null;

  constructor(directory: string, variantKey: string) {
    this.files = {
      identity: join(directory, `${variantKey}.xml`),
      gzip: join(directory, `${variantKey}.xml.gz`),
      br: join(directory, `${variantKey}.xml.br`),
    };
    // A megabyte of buffer per stream: a page of episodes (about 130 KB of XML per variant) never waits for a drain.
    const highWaterMark = 1024 * 1024;
    this.identity = createWriteStream(this.files.identity, { highWaterMark });
    // zlib streams take the Transform stream options too (their typings do not say so).
    this.gzip = createGzip(Object.assign({ level: constants.Z_BEST_COMPRESSION }, { highWaterMark }));
    this.brotli = createBrotliCompress(
      Object.assign(
        {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: 9,
          },
        },
        { highWaterMark },
      ),
    );
    this.gzipFile = createWriteStream(this.files.gzip);
    this.brotliFile = createWriteStream(this.files.br);
    this.gzip.pipe(this.gzipFile);
    this.brotli.pipe(this.brotliFile);
    const streams: NodeJS.EventEmitter[] = [
      this.identity,
      this.gzip,
      this.brotli,
      this.gzipFile,
      this.brotliFile,
    ];
    for (const stream of streams) stream.on('error', (error: Error) => (this.failure ??= error));
  }

  readonly write = (chunk: string): void => {
    const bytes = Buffer.from(chunk, 'utf8');
    this.byteSize += bytes.length;
    this.hash.update(bytes);
    this.identity.write(bytes);
    this.gzip.write(bytes);
    this.brotli.write(bytes);
  };

  /** Waits until the streams have taken what was written so far (called between pages of episodes). */
  async drain(): Promise<void> {
    this.throwIfFailed();
    const waits = [this.identity, this.gzip, this.brotli]
      .filter((stream) => stream.writableNeedDrain)
      .map((stream) => once(stream, 'drain'));
    await Promise.all(waits);
  }

  async finish(): Promise<FinishedVariant> {
    this.identity.end();
    this.gzip.end();
    this.brotli.end();
    await Promise.all([finished(this.identity), finished(this.gzipFile), finished(this.brotliFile)]);
    this.throwIfFailed();
    return {
      etag: `"${this.hash.digest('base64url')}"`,
      byteSize: this.byteSize,
      gzipSize: this.gzipFile.bytesWritten,
      brotliSize: this.brotliFile.bytesWritten,
      files: this.files,
    };
  }

  /** Stops writing after a failure elsewhere (the files go with the generation's directory). */
  abort(): void {
    for (const stream of [this.identity, this.gzip, this.brotli, this.gzipFile, this.brotliFile])
      stream.destroy();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
