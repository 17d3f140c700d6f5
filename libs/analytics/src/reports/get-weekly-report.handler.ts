import { Injectable } from '@nestjs/common';
import { weeklyReportRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { WeeklyReports } from './weekly-reports.js';

type Definition = typeof weeklyReportRequests.getWeeklyReport;

/** The weekly report e-mail's figures of one podcast (identity asks, for each creator's podcasts). */
@Injectable()
export class GetWeeklyReportHandler implements RequestHandler<Definition> {
  readonly definition = weeklyReportRequests.getWeeklyReport;

  constructor(private readonly reports: WeeklyReports) {}

  handle({ userId, podcastId, from, to }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.reports.week(userId, podcastId, new Date(from), new Date(to));
  }
}
