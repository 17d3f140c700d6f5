import { Injectable } from '@nestjs/common';
import {
  analyticsRequests,
  publicAnalyticsRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { AnalyticsReports } from './analytics-reports.js';

type PodcastDefinition = typeof analyticsRequests.getPodcastAnalytics;
type EpisodeDefinition = typeof analyticsRequests.getEpisodeAnalytics;
type DashboardDefinition = typeof analyticsRequests.getDashboardAnalytics;
type PublicFiguresDefinition = typeof publicAnalyticsRequests.getPodcastFigures;

/** The podcast analytics screen's answer (spec 3 §2.3). */
@Injectable()
export class GetPodcastAnalyticsHandler implements RequestHandler<PodcastDefinition> {
  readonly definition = analyticsRequests.getPodcastAnalytics;

  constructor(private readonly reports: AnalyticsReports) {}

  handle({
    userId,
    podcastId,
    timeRange,
  }: ParsedRequestOf<PodcastDefinition>): Promise<ReplyOf<PodcastDefinition>> {
    return this.reports.podcast(userId, podcastId, timeRange);
  }
}

/** The episode analytics screen's answer (spec 3 §2.2). */
@Injectable()
export class GetEpisodeAnalyticsHandler implements RequestHandler<EpisodeDefinition> {
  readonly definition = analyticsRequests.getEpisodeAnalytics;

  constructor(private readonly reports: AnalyticsReports) {}

  handle({
    userId,
    podcastId,
    episodeId,
    timeRange,
  }: ParsedRequestOf<EpisodeDefinition>): Promise<ReplyOf<EpisodeDefinition>> {
    return this.reports.episode(userId, podcastId, episodeId, timeRange);
  }
}

/** The dashboard's Analytics Overview card (spec 2 §2). */
@Injectable()
export class GetDashboardAnalyticsHandler implements RequestHandler<DashboardDefinition> {
  readonly definition = analyticsRequests.getDashboardAnalytics;

  constructor(private readonly reports: AnalyticsReports) {}

  handle({ userId, podcastId }: ParsedRequestOf<DashboardDefinition>): Promise<ReplyOf<DashboardDefinition>> {
    return this.reports.dashboard(userId, podcastId);
  }
}

/** A podcast's totals on its public page, once the owner shares them (see AnalyticsReports.publicFigures). */
@Injectable()
export class GetPublicPodcastFiguresHandler implements RequestHandler<PublicFiguresDefinition> {
  readonly definition = publicAnalyticsRequests.getPodcastFigures;

  constructor(private readonly reports: AnalyticsReports) {}

  handle({ podcastId }: ParsedRequestOf<PublicFiguresDefinition>): Promise<ReplyOf<PublicFiguresDefinition>> {
    return this.reports.publicFigures(podcastId);
  }
}
