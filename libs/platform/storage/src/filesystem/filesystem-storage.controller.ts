import { Public } from '@castbase/platform-auth';
import {
  Controller,
  Get,
  Headers,
  Optional,
  Param,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
  UseFilters,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';

import { DELIVERY_REFERENCE_PARAMETER, DomainError, isDeliveryReference } from '@castbase/contracts';

import { attachmentDisposition } from '../content-disposition.js';
import { meterDelivery, StorageDeliveryReporter } from '../http/delivery-meter.js';
import { parseRangeHeader } from '../http/http-range.js';
import { StorageExceptionFilter } from '../http/storage-exception.filter.js';
import type { ObjectHead } from '../object-storage.js';
import { StorageObjectNotFoundError, StorageSignatureError } from '../storage-errors.js';
import { assertStorageKey } from '../storage-key.js';
import { FILESYSTEM_STORAGE_ROUTE, FilesystemObjectStorage } from './filesystem-object-storage.js';

const signedQuerySchema = z.object({
  expires: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number)
    .optional(),
  signature: z.string().max(128).optional(),
  download: z.string().optional(),
});

/**
 * Serves `FilesystemObjectStorage` over HTTP, under `${publicBaseUrl}/storage/<key>`:
 * - `GET` (and `HEAD`) of a key under the public prefix needs no signature: `publicUrl` links;
 * - `GET` of any other key needs `?expires=&signature=` from `signedGetUrl` (403 otherwise);
 * - `PUT` needs a signature from `signedPutUrl` and the signed `Content-Type`; the body is streamed
 *   to storage, so the host app must not run a body parser over JSON or form uploads to these routes.
 * `Range` requests are answered with 206 (or 416), and `If-None-Match` with 304. Public keys are readable from any
 * origin (`Access-Control-Allow-Origin: *`). When the module was given a `StorageDeliveryReporter`, the body of a
 * public GET whose URL carries a delivery reference (`?d=`, see `DELIVERY_REFERENCE_PARAMETER`) is measured and
 * reported (`meterDelivery`); a malformed reference is ignored.
 */
// The URL's signature (or the public prefix) is the authorisation here, not a bearer token.
@Public()
@Controller(FILESYSTEM_STORAGE_ROUTE)
@UseFilters(StorageExceptionFilter)
export class FilesystemStorageController {
  constructor(
    private readonly storage: FilesystemObjectStorage,
    @Optional() private readonly deliveries?: StorageDeliveryReporter,
  ) {}

  @Get('*key')
  async read(
    @Param('key') segments: string[],
    @Query() query: unknown,
    @Headers('range') range: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | undefined> {
    const key = keyFrom(segments);
    const { expires, signature, download } = parseSignedQuery(query);
    const isPublic = this.storage.isPublic(key);
    const downloadName = isPublic ? undefined : download;
    if (!isPublic) this.storage.authorize({ method: 'GET', key, expires, signature, downloadName });

    const head = await this.storage.head(key);
    if (!head) throw new StorageObjectNotFoundError(key);
    response.set(validatorHeaders(head));
    // Public files (transcripts, chapter images, artwork, published audio) are read by web players on other sites
    // too: the Podcasting 2.0 namespace asks for CORS on transcripts. A signed URL stays same-origin only.
    if (isPublic) response.set('Access-Control-Allow-Origin', '*');
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, head.etag)) {
      response.status(304);
      return undefined;
    }

    const byteRange = parseRangeHeader(range, head.contentLength);
    const object = await this.storage.get(key, { range: byteRange });
    response.status(object.contentRange ? 206 : 200).set('Accept-Ranges', 'bytes');
    if (object.contentRange) response.set('Content-Range', object.contentRange);
    const reference = isPublic && request.method === 'GET' ? deliveryReferenceOf(query) : undefined;
    const body =
      reference !== undefined && this.deliveries
        ? meterDelivery(
            object.body,
            response,
            {
              reference,
              firstByte: object.contentRange ? (byteRange?.start ?? 0) : 0,
              length: object.contentLength,
            },
            this.deliveries,
          )
        : object.body;
    return new StreamableFile(body, {
      type: object.contentType,
      length: object.contentLength,
      ...(downloadName !== undefined && { disposition: attachmentDisposition(downloadName) }),
    });
  }

  @Put('*key')
  async write(
    @Param('key') segments: string[],
    @Query() query: unknown,
    @Headers('content-type') contentType: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const key = keyFrom(segments);
    const { expires, signature } = parseSignedQuery(query);
    this.storage.authorize({ method: 'PUT', key, expires, signature, contentType: contentType ?? '' });
    if (request.readableEnded) {
      throw new DomainError(
        'INTERNAL',
        'The upload body was already consumed by a JSON or form body parser; disable body parsing for /storage routes',
      );
    }
    await this.storage.put(key, request, { contentType });
    const head = await this.storage.head(key);
    if (head) response.set('ETag', `"${head.etag}"`);
  }
}

function keyFrom(segments: string[]): string {
  const key = segments.join('/');
  assertStorageKey(key);
  return key;
}

function parseSignedQuery(query: unknown): z.infer<typeof signedQuerySchema> {
  const parsed = signedQuerySchema.safeParse(query);
  if (!parsed.success) throw new StorageSignatureError('invalid');
  return parsed.data;
}

/** The URL's delivery reference when it has exactly one of the right shape. */
function deliveryReferenceOf(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | null)?.[DELIVERY_REFERENCE_PARAMETER];
  return isDeliveryReference(value) ? value : undefined;
}

function validatorHeaders(head: ObjectHead): Record<string, string> {
  const headers: Record<string, string> = {
    ETag: `"${head.etag}"`,
    'Last-Modified': head.lastModified.toUTCString(),
  };
  if (head.cacheControl !== undefined) headers['Cache-Control'] = head.cacheControl;
  return headers;
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === `"${etag}"`);
}
