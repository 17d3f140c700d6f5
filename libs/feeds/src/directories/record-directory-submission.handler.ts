import { Injectable } from '@nestjs/common';
import { DomainError, directoriesRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { DirectoryReadiness } from './directory-readiness.js';
import { DirectoryStatusChanges } from './directory-status-changes.js';

type Definition = typeof directoriesRequests.recordDirectorySubmission;

/**
 * 'Submit →' (spec 2 §4): the creator opened the directory's submission site, so the status becomes 'submitted' with
 * the time. Refused while the directory's requirements are unmet, and once it has approved the podcast.
 */
@Injectable()
export class RecordDirectorySubmissionHandler implements RequestHandler<Definition> {
  readonly definition = directoriesRequests.recordDirectorySubmission;

  constructor(
    private readonly readiness: DirectoryReadiness,
    private readonly changes: DirectoryStatusChanges,
  ) {}

  async handle({
    userId,
    podcastId,
    directoryId,
  }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    await this.readiness.checkAccess(userId, podcastId, 'editEpisodes');
    const before = await this.readiness.check(podcastId, directoryId);
    if (before.status === 'approved') throw new DomainError('DIRECTORY_ALREADY_APPROVED');
    if (!before.ready) throw new DomainError('DIRECTORY_NOT_READY');
    const now = new Date().toISOString();
    const stored = { status: 'submitted' as const, submittedAt: now, lastChecked: now };
    await this.changes.save(podcastId, directoryId, before.status, stored);
    return { ...before, ...stored };
  }
}
