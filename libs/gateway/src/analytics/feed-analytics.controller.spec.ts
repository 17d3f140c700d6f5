import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { PipeTransform } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  analyticsRequests,
  analyticsTimeRangeMessages,
  DomainError,
  errorCatalogue,
  type FeedAnalytics,
  type ParsedRequestOf,
} from '@castbase/contracts';
import type { AuthenticatedUser } from '@castbase/platform-auth';
import { InProcessBus } from '@castbase/platform-messaging';
import { FeedAnalyticsController } from './feed-analytics.controller.js';

type FeedRequest = ParsedRequestOf<typeof analyticsRequests.getFeedAnalytics>;

const user: AuthenticatedUser = { id: 'user-1', email: null, username: null, name: null };
const podcastId = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const noRequests: FeedAnalytics = {
  timeRange: '30d',
  totalRequests: 0,
  bandwidth: { totalBytes: 0, averagePerRequest: 0 },
  topCountries: [],
  topApps: [],
  hourlyDistribution: Array.from({ length: 24 }, () => 0),
  peakHours: [],
  subscribers: { estimate: 0, fromAggregators: 0, distinctFetchers: 0 },
  hasData: false,
  generatedAt: '2026-11-26T01:00:00.000Z',
};

/** The pipes Nest runs on the route's `?timeRange=`, as the controller declares them. */
function timeRangePipes(): PipeTransform[] {
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, FeedAnalyticsController, 'get') as Record<
    string,
    { data?: string; pipes: PipeTransform[] }
  >;
  const timeRange = Object.values(args).find((arg) => arg.data === 'timeRange');
  if (!timeRange) throw new Error('the route reads no timeRange query parameter');
  return timeRange.pipes;
}

const parseTimeRange = (value: unknown) =>
  timeRangePipes().reduce<unknown>((current, pipe) => pipe.transform(current, { type: 'query' }), value);

describe('GET /api/podcasts/:podcastId/analytics/feed', () => {
  let bus: InProcessBus;
  let controller: FeedAnalyticsController;
  let asked: FeedRequest[];

  beforeEach(async () => {
    asked = [];
    bus = new InProcessBus({ events: ALL_EVENTS, logger: pino({ level: 'silent' }) });
    controller = new FeedAnalyticsController(bus);
    await bus.respond(
      analyticsRequests.getFeedAnalytics,
      (request) => {
        asked.push(request);
        return { ...noRequests, timeRange: request.timeRange };
      },
      { queue: 'analytics' },
    );
  });

  afterEach(async () => {
    await bus.close();
  });

  it("asks analytics for the caller's feed analytics over 30 Days when no timeRange is given", async () => {
    const timeRange = parseTimeRange(undefined);
    expect(timeRange).toBe('30d');

    await expect(controller.get(user, podcastId, '30d')).resolves.toEqual(noRequests);
    expect(asked).toEqual([{ userId: 'user-1', podcastId, timeRange: '30d' }]);
  });

  it('passes each of the six ranges on', async () => {
    for (const range of ['1d', '7d', '30d', '90d', '1y', 'all']) expect(parseTimeRange(range)).toBe(range);
    await controller.get(user, podcastId, 'all');
    expect(asked).toEqual([{ userId: 'user-1', podcastId, timeRange: 'all' }]);
  });

  it(`answers 400 "${analyticsTimeRangeMessages.invalid}" for another range`, () => {
    let thrown: unknown;
    try {
      parseTimeRange('2w');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'VALIDATION_FAILED', message: analyticsTimeRangeMessages.invalid });
    expect(errorCatalogue.VALIDATION_FAILED.status).toBe(400);
    expect(asked).toEqual([]);
  });

  it('lets only a viewer or more of the podcast through the guard', () => {
    expect(Reflect.getMetadata('castbase:podcast-role', FeedAnalyticsController.prototype.get)).toEqual({
      permission: 'view',
      from: 'podcastId',
    });
  });
});
