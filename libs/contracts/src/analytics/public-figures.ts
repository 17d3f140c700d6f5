import { z } from 'zod';
import { defineRequest } from '../messaging/definitions.js';
import { analyticsCountSchema } from './analytics-api.js';

/**
 * A podcast's aggregate figures of all time, as its public page shows them when the owner shares them
 * (`analyticsSharing`, opt-in): totals only, nothing per episode, country, app or listener.
 */
export const publicPodcastFiguresSchema = z.object({
  totalPlays: analyticsCountSchema,
  uniqueListeners: analyticsCountSchema,
});
export type PublicPodcastFigures = z.infer<typeof publicPodcastFiguresSchema>;

/**
 * Requests with no caller (no role check): a podcast's totals. Whether they may be shown is the owner's choice,
 * which the gateway asks identity for before it asks this; the answer is aggregates only.
 */
export const publicAnalyticsRequests = {
  getPodcastFigures: defineRequest(
    'analytics.public-figures.get',
    z.object({ podcastId: z.uuid() }),
    publicPodcastFiguresSchema,
  ),
} as const;

/** What a podcast's public page says about its shared figures. */
export const publicFiguresMessages = {
  heading: 'Audience',
  totalPlays: 'Total Plays',
  uniqueListeners: 'Unique Listeners',
  /** Beneath the figures: they count from the podcast's first download to now. */
  allTime: 'All time',
} as const;
