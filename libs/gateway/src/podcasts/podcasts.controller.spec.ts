import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  catalogRequests,
  defaultPodcastChannelFields,
  identityRequests,
  type ParsedRequestOf,
  type Podcast,
  type UserProfile,
} from '@castbase/contracts';
import type { AuthenticatedUser } from '@castbase/platform-auth';
import { InProcessBus } from '@castbase/platform-messaging';
import { PodcastsController } from './podcasts.controller.js';

type CreateRequest = ParsedRequestOf<typeof catalogRequests.createPodcast>;

const user: AuthenticatedUser = {
  id: 'user-1',
  email: 'token@example.org',
  username: 'token_name',
  name: 'Token Name',
};

function aProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: user.id,
    username: 'jane_doe',
    displayName: 'Jane Doe',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.org',
    bio: '',
    avatarUrl: null,
    avatarMediaId: null,
    timezone: 'UTC',
    emailOptIn: false,
    onboardingComplete: true,
    rssFeedUrl: null,
    rssFeedUrls: [],
    rssGeneratedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The catalog's answer: a podcast owned as the request says. */
function createdPodcast({ ownerId, ownerUsername, ownerEmail, input }: CreateRequest): Podcast {
  return {
    id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
    ownerId,
    ownerUsername,
    name: input.name,
    slug: 'my-show',
    description: input.description,
    language: input.language,
    category: input.category,
    author: input.author,
    coHosts: input.coHosts,
    explicit: input.explicit,
    type: input.type,
    visibility: input.visibility,
    artworkUrl: null,
    artworkMediaId: null,
    audioBitrateKbps: input.audioBitrateKbps,
    tags: input.tags,
    websiteUrl: input.websiteUrl,
    email: ownerEmail ?? '',
    ownerName: input.author,
    ownerEmail: ownerEmail ?? '',
    copyright: '',
    fundingLinks: input.fundingLinks,
    socialLinks: input.socialLinks,
    ...defaultPodcastChannelFields(),
    podcastGuid: '0b7a4c1e-3f6d-4a58-9c2e-6d1f8b3a9e01',
    podcastLocked: false,
    podcastMedium: 'podcast',
    podcastPersons: [],
    lightningAddress: '',
    valueEnabled: false,
    privateAccessToken: null,
    role: 'owner',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
}

describe('POST /api/podcasts in the gateway: who the owner is', () => {
  let bus: InProcessBus;
  let controller: PodcastsController;
  let createRequests: CreateRequest[];

  beforeEach(async () => {
    bus = new InProcessBus({ events: ALL_EVENTS, logger: pino({ level: 'silent' }) });
    controller = new PodcastsController(bus);
    createRequests = [];
    await bus.respond(
      catalogRequests.createPodcast,
      (request) => {
        createRequests.push(request);
        return createdPodcast(request);
      },
      { queue: 'catalog' },
    );
  });

  afterEach(async () => {
    await bus.close();
  });

  const answerProfile = (profile: UserProfile | null) =>
    bus.respond(identityRequests.getProfile, () => ({ profile }), { queue: 'identity' });

  it("sends the profile's username and e-mail as the owner's", async () => {
    await answerProfile(aProfile());

    const podcast = await controller.create(user, { name: 'My Show' });

    expect(podcast).toMatchObject({ ownerUsername: 'jane_doe', ownerEmail: 'jane@example.org' });
    expect(createRequests).toMatchObject([
      {
        ownerId: 'user-1',
        ownerUsername: 'jane_doe',
        ownerEmail: 'jane@example.org',
        input: { name: 'My Show' },
      },
    ]);
  });

  it("falls back to the token's username and e-mail for a user without a profile", async () => {
    await answerProfile(null);

    await controller.create(user, { name: 'My Show' });

    expect(createRequests).toMatchObject([
      { ownerId: 'user-1', ownerUsername: 'token_name', ownerEmail: 'token@example.org' },
    ]);
  });

  it('fails with SERVICE_UNAVAILABLE, creating nothing, when identity does not answer', async () => {
    await expect(controller.create(user, { name: 'My Show' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(createRequests).toEqual([]);
  });
});
