import { Public } from '@castbase/platform-auth';
import { Controller, Get, Param, Res, UseFilters } from '@nestjs/common';
import type { Response } from 'express';

import { StorageExceptionFilter } from '../http/storage-exception.filter.js';
import { ObjectStorage } from '../object-storage.js';
import { assertStorageKey } from '../storage-key.js';
import { S3_REDIRECT_ROUTE } from './s3-object-storage.js';

/**
 * With S3 storage, `GET` and `HEAD` of `<app>/storage/<key>` (a public key) answer 302 to where the bytes are:
 * the public URL when public keys are read from the bucket or a CDN (`S3_PUBLIC_URL`), else a presigned URL valid
 * for 60 seconds. Ranges, HEAD and caching are then S3's. A key outside the public prefix is 400, as everywhere.
 */
// The public prefix is the authorisation here, not a bearer token.
@Public()
@Controller(S3_REDIRECT_ROUTE)
@UseFilters(StorageExceptionFilter)
export class S3StorageRedirectController {
  constructor(private readonly storage: ObjectStorage) {}

  @Get('*key')
  async read(@Param('key') segments: string[], @Res() response: Response): Promise<void> {
    const key = segments.join('/');
    assertStorageKey(key);
    const { url, presigned } = await this.storage.readUrl(key);
    // A presigned URL expires: only a public one may be remembered, and not for ever (the CDN may move).
    response
      .status(302)
      .set({ Location: url, 'Cache-Control': presigned ? 'no-store' : 'public, max-age=3600' })
      .end();
  }
}
