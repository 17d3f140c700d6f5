import { Injectable } from '@nestjs/common';
import { analyticsRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { AnalyticsExports } from './analytics-exports.js';

type Definition = typeof analyticsRequests.getAnalyticsExport;

/** The figures of an analytics export (spec 3 §2.4), for the gateway to write as CSV, JSON or PDF. */
@Injectable()
export class GetAnalyticsExportHandler implements RequestHandler<Definition> {
  readonly definition = analyticsRequests.getAnalyticsExport;

  constructor(private readonly exports: AnalyticsExports) {}

  handle({ userId, podcastId, config }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.exports.export(userId, podcastId, config);
  }
}
