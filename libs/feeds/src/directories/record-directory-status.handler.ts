import { Injectable } from '@nestjs/common';
import { directoriesRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { DirectoryReadiness } from './directory-readiness.js';
import { DirectoryStatusChanges } from './directory-status-changes.js';

type Definition = typeof directoriesRequests.recordDirectoryStatus;

/**
 * What the directory answered (under review, approved, rejected, delisted). No directory has an API to read it from,
 * so the owner or an editor records what the directory told them; the submission time stays as it was.
 */
@Injectable()
export class RecordDirectoryStatusHandler implements RequestHandler<Definition> {
  readonly definition = directoriesRequests.recordDirectoryStatus;

  constructor(
    private readonly readiness: DirectoryReadiness,
    private readonly changes: DirectoryStatusChanges,
  ) {}

  async handle({
    userId,
    podcastId,
    directoryId,
    status,
  }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    await this.readiness.checkAccess(userId, podcastId, 'editEpisodes');
    const before = await this.readiness.check(podcastId, directoryId);
    const stored = { status, submittedAt: before.submittedAt, lastChecked: new Date().toISOString() };
    await this.changes.save(podcastId, directoryId, before.status, stored);
    return { ...before, ...stored };
  }
}
