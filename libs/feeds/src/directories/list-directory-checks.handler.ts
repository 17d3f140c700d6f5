import { Injectable } from '@nestjs/common';
import { directoriesRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { DirectoryReadiness } from './directory-readiness.js';

type Definition = typeof directoriesRequests.listDirectoryChecks;

/** Every directory's readiness and recorded status for a podcast; anyone with a role on it may read them. */
@Injectable()
export class ListDirectoryChecksHandler implements RequestHandler<Definition> {
  readonly definition = directoriesRequests.listDirectoryChecks;

  constructor(private readonly readiness: DirectoryReadiness) {}

  async handle({ userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    await this.readiness.checkAccess(userId, podcastId, 'view');
    return this.readiness.checks(podcastId);
  }
}
