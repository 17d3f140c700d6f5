import { Injectable } from '@nestjs/common';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, feedTestResultSchema, type FeedTestResult } from '@castbase/contracts';
import { FeedTestResultEntity } from './feed-test-result.entity.js';

/** The only place feed test results are read and written: the last one per podcast. */
@Injectable()
export class FeedTestResultRepository {
  constructor(private readonly em: EntityManager) {}

  async findLast(podcastId: string): Promise<FeedTestResult | null> {
    const entity = await this.em.fork().findOne(FeedTestResultEntity, { podcastId });
    if (!entity) return null;
    // A row written by an older version of the result's shape is as good as none.
    const parsed = feedTestResultSchema.safeParse(entity.result);
    return parsed.success ? parsed.data : null;
  }

  /**
   * Replaces the podcast's last result, unless a test that started later has been stored already. Raw SQL names its
   * schema: only the ORM's own queries are confined to it. A podcast whose feeds were deleted meanwhile is
   * FEED_NOT_FOUND (the result follows its podcast's RSS status).
   */
  async save(result: FeedTestResult): Promise<void> {
    try {
      await this.upsert(result);
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException) throw new DomainError('FEED_NOT_FOUND');
      throw error;
    }
  }

  private async upsert(result: FeedTestResult): Promise<void> {
    await this.em.fork().execute(
      `insert into feeds.feed_test_results as stored (podcast_id, result, tested_at) values (?, ?::jsonb, ?)
       on conflict (podcast_id) do update set result = excluded.result, tested_at = excluded.tested_at
       where stored.tested_at <= excluded.tested_at`,
      [result.podcastId, JSON.stringify(result), result.lastTested],
    );
  }
}
