import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  DomainError,
  publicAnalyticsRequests,
  publicCatalogRequests,
  publicEpisodePageSchema,
  publicPodcastPageSchema,
  publicProfileRequests,
  type CatalogEpisodePage,
  type CatalogPodcastPage,
  type PublicOwner,
} from '@castbase/contracts';
import { InProcessBus } from '@castbase/platform-messaging';
import { PublicPageReader } from './public-page-reader.js';

const podcastId = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const episodeId = '0b6f3c1e-8d1a-4c3e-9f2a-5b7c9d1e2f30';
const ownerId = 'auth0|hana-owner-7f3a';
const card = { displayName: 'Hana Host', avatarUrl: null, bio: 'Talks about sound.' };

function catalogPodcast(ownerUsername: string | null): CatalogPodcastPage['podcast'] {
  return {
    id: podcastId,
    name: 'Hana Talks',
    slug: 'hana-talks',
    description: '',
    author: 'Hana',
    language: 'en',
    category: 'Technology',
    explicit: false,
    ownerUsername,
    artworkUrl: null,
    websiteUrl: '',
    copyright: '',
    fundingLinks: [],
    socialLinks: [],
    feedPath: '/feeds/hana/hana-talks.xml',
  };
}

function catalogPodcastPage(ownerUsername: string | null): CatalogPodcastPage {
  return {
    ownerId,
    podcast: catalogPodcast(ownerUsername),
    episodes: [],
    seasons: [],
    season: null,
    page: 1,
    pageCount: 0,
    total: 0,
    otherPodcasts: [],
  };
}

function catalogEpisodePage(ownerUsername: string | null): CatalogEpisodePage {
  return {
    ownerId,
    podcast: catalogPodcast(ownerUsername),
    episode: {
      id: episodeId,
      podcastId,
      title: 'Pilot',
      description: '',
      episodeType: 'full',
      seasonNumber: null,
      episodeNumber: null,
      explicit: false,
      publishDate: '2026-11-01T10:00:00.000Z',
      durationSeconds: 60,
      artworkUrl: null,
      media: null,
      guid: episodeId,
      chapters: [],
      soundbites: [],
      transcripts: [],
      persons: [],
      funding: [],
      location: null,
      license: null,
      value: null,
    },
  };
}

describe('the public pages as the gateway serves them: the catalog page, the owner card, shared figures', () => {
  let bus: InProcessBus;
  let reader: PublicPageReader;
  let ownerUsername: string | null;
  let owner: PublicOwner | DomainError;
  let askedOwners: unknown[];
  let askedFigures: string[];

  beforeEach(async () => {
    ownerUsername = 'hana';
    owner = { creator: card, analyticsSharing: false };
    askedOwners = [];
    askedFigures = [];
    bus = new InProcessBus({ events: ALL_EVENTS, logger: pino({ level: 'silent' }) });
    reader = new PublicPageReader(bus);
    await bus.respond(publicCatalogRequests.getPodcastPage, () => catalogPodcastPage(ownerUsername), {
      queue: 'catalog',
    });
    await bus.respond(publicCatalogRequests.getEpisodePage, () => catalogEpisodePage(ownerUsername), {
      queue: 'catalog',
    });
    await bus.respond(
      publicProfileRequests.getPublicOwner,
      (request) => {
        askedOwners.push(request);
        if (owner instanceof DomainError) throw owner;
        return owner;
      },
      { queue: 'identity' },
    );
    await bus.respond(
      publicAnalyticsRequests.getPodcastFigures,
      ({ podcastId: asked }) => {
        askedFigures.push(asked);
        return { totalPlays: 1_234, uniqueListeners: 56 };
      },
      { queue: 'analytics' },
    );
  });

  afterEach(async () => {
    await bus.close();
  });

  it("shows the owner's card, asked of identity by the owner's user id (not the podcast's owner username), and no figures, never asking analytics, while the owner does not share them", async () => {
    const page = await reader.podcastPage({ name: 'hana' });

    expect(page).toMatchObject({ creator: card, figures: null });
    expect(askedOwners).toEqual([{ userId: ownerId }]);
    expect(askedFigures).toEqual([]);
  });

  it('shows the figures from analytics once the owner shares them, also without their card', async () => {
    owner = { creator: null, analyticsSharing: true };

    const page = await reader.podcastPage({ name: 'hana' });

    expect(page).toMatchObject({ creator: null, figures: { totalPlays: 1_234, uniqueListeners: 56 } });
    expect(askedFigures).toEqual([podcastId]);
  });

  it('asks about the owner by their user id also for a podcast the catalog knows no owner username of', async () => {
    ownerUsername = null;

    const page = await reader.podcastPage({ name: podcastId });

    expect(page).toMatchObject({ creator: card, figures: null });
    expect(askedOwners).toEqual([{ userId: ownerId }]);
  });

  it("shows the owner's card on the episode page, asked by the owner's user id", async () => {
    const page = await reader.episodePage(episodeId);

    expect(page).toMatchObject({ podcast: { id: podcastId }, episode: { id: episodeId }, creator: card });
    expect(askedOwners).toEqual([{ userId: ownerId }]);
    expect(askedFigures).toEqual([]);
  });

  it("never puts the owner's user id on either page: exactly the public page's keys, and the id nowhere in them", async () => {
    owner = { creator: card, analyticsSharing: true };

    const podcastPage = await reader.podcastPage({ name: 'hana' });
    const episodePage = await reader.episodePage(episodeId);

    expect(Object.keys(podcastPage).sort()).toEqual(Object.keys(publicPodcastPageSchema.shape).sort());
    expect(Object.keys(episodePage).sort()).toEqual(Object.keys(publicEpisodePageSchema.shape).sort());
    expect(JSON.stringify(podcastPage)).not.toContain(ownerId);
    expect(JSON.stringify(episodePage)).not.toContain(ownerId);
  });

  it("serves the catalog's page without the owner's part when identity does not answer", async () => {
    owner = new DomainError('SERVICE_UNAVAILABLE');

    const page = await reader.podcastPage({ name: 'hana' });

    expect(page).toMatchObject({ podcast: { id: podcastId }, creator: null, figures: null });
    expect(askedFigures).toEqual([]);
  });
});
