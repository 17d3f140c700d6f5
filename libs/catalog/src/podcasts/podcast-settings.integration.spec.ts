import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogRequests,
  PRIVATE_TOKEN_LENGTH,
  type Podcast,
  type PodcastSettingsInput,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe('catalog service: saving the Podcast tab of settings (spec 1 §5 "Podcast settings save")', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** An owner's podcast with album art, and the settings form as it opens for it. */
  async function ownersPodcast() {
    const ownerId = app.newOwner();
    const image = app.storedMediaFile(ownerId, 'image');
    const podcast = await app.createPodcast(ownerId, {
      name: 'Night Shift',
      author: 'Jane Doe',
      artworkMediaId: image.id,
    });
    return { ownerId, podcast, image, form: settingsFormOf(podcast) };
  }

  function settingsFormOf(podcast: Podcast): PodcastSettingsInput {
    return {
      name: podcast.name,
      slug: podcast.slug,
      description: podcast.description,
      language: podcast.language,
      category: podcast.category,
      author: podcast.author,
      coHosts: podcast.coHosts,
      explicit: podcast.explicit,
      type: podcast.type,
      visibility: podcast.visibility,
      tags: podcast.tags,
      artworkMediaId: podcast.artworkMediaId,
      audioBitrateKbps: podcast.audioBitrateKbps,
      websiteUrl: podcast.websiteUrl,
      email: podcast.email,
      ownerName: podcast.ownerName,
      ownerEmail: podcast.ownerEmail,
      copyright: podcast.copyright,
      fundingLinks: podcast.fundingLinks,
      socialLinks: podcast.socialLinks,
      podcastLocked: podcast.podcastLocked,
      podcastMedium: podcast.podcastMedium,
      lightningAddress: podcast.lightningAddress,
      valueEnabled: podcast.valueEnabled,
    };
  }

  const save = (userId: string, podcastId: string, input: PodcastSettingsInput) =>
    app.bus.request(catalogRequests.updatePodcast, { userId, podcastId, input });

  it('saves every field at once, answers the podcast as saved, and reads back the same', async () => {
    const { ownerId, podcast, form } = await ownersPodcast();
    const changes = {
      name: 'Night Shift Radio',
      slug: 'night-shift-radio',
      description: 'Stories from people who work while the city sleeps.',
      language: 'fr',
      category: 'Society & Culture:Documentary',
      author: 'Jane Roe',
      coHosts: ['Sam Poe'],
      explicit: true,
      type: 'serial' as const,
      tags: ['night', 'work'],
      audioBitrateKbps: 96,
      websiteUrl: 'https://nightshift.example/',
      email: 'hello@nightshift.example',
      ownerName: 'Night Shift Ltd',
      ownerEmail: 'owner@nightshift.example',
      copyright: '© Night Shift Ltd',
      fundingLinks: [{ label: 'Support', url: 'https://ko-fi.com/nightshift' }],
      socialLinks: [{ label: 'Mastodon', url: 'https://mastodon.social/@nightshift' }],
      podcastLocked: true,
      podcastMedium: 'music' as const,
      lightningAddress: 'nightshift@getalby.com',
      valueEnabled: true,
    };
    const saved = await save(ownerId, podcast.id, { ...form, ...changes });
    expect(saved).toMatchObject({
      ...changes,
      id: podcast.id,
      role: 'owner',
      podcastGuid: podcast.podcastGuid,
    });
    expect(saved.artworkUrl).toBe(podcast.artworkUrl);
    await expect(
      app.bus.request(catalogRequests.getPodcast, { userId: ownerId, podcastId: podcast.id }),
    ).resolves.toEqual(saved);
  });

  it('announces catalog.podcast.updated with the new slug and the address it moved from, so the feed is rendered again', async () => {
    const { ownerId, podcast, form } = await ownersPodcast();
    await save(ownerId, podcast.id, { ...form, slug: 'renamed-show' });
    const event = await waitFor('catalog.podcast.updated', () =>
      app.podcastUpdatedEvents.find((envelope) => envelope.payload.podcastId === podcast.id),
    );
    expect(event.payload).toEqual({
      podcastId: podcast.id,
      ownerId,
      slug: 'renamed-show',
      ownerUsername: null,
      previousAddress: { ownerUsername: null, slug: podcast.slug },
    });
  });

  it('refuses a save without the fields Apple requires with "Please complete all required fields for Apple Podcasts", listing them', async () => {
    const { ownerId, podcast, form } = await ownersPodcast();
    await expect(
      save(ownerId, podcast.id, { ...form, description: '', author: ' ', artworkMediaId: null }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please complete all required fields for Apple Podcasts',
      details: { missing: ['Description', 'Host name', 'Album art'] },
    });
    await expect(
      app.bus.request(catalogRequests.getPodcast, { userId: ownerId, podcastId: podcast.id }),
    ).resolves.toEqual(podcast);
  });

  const badValues: Array<
    [field: keyof PodcastSettingsInput, message: string, change: Partial<PodcastSettingsInput>]
  > = [
    ['name', 'Podcast name is required', { name: '' }],
    ['name', 'Podcast name must be 255 characters or less', { name: 'n'.repeat(256) }],
    ['description', 'Description must be at least 10 characters', { description: 'Too short' }],
    ['description', 'Description must be less than 4000 characters', { description: 'd'.repeat(4001) }],
    ['category', 'Please choose a category from the list', { category: 'Arts:Cooking' }],
    ['language', 'Please choose a language from the list', { language: 'xx' }],
    ['author', 'Host name must be less than 100 characters', { author: 'a'.repeat(101) }],
    ['slug', 'Slug is required', { slug: '' }],
    ['slug', 'Slug can only contain letters, numbers and hyphens', { slug: 'my show!' }],
    ['slug', 'Slug must be 100 characters or less', { slug: 's'.repeat(101) }],
    ['email', 'Please enter a valid email address', { email: 'not-an-email' }],
    ['ownerEmail', 'Please enter a valid email address', { ownerEmail: 'owner@@example.org' }],
    ['websiteUrl', 'Please enter a valid URL', { websiteUrl: 'not a url' }],
    [
      'lightningAddress',
      'Lightning address must contain @ or start with lnurl',
      { lightningAddress: 'my wallet' },
    ],
    ['tags', 'Tags must be 50 characters or less', { tags: ['t'.repeat(51)] }],
    [
      'audioBitrateKbps',
      'Choose an MP3 bitrate of 64, 96, 128, 160, 192, 256 or 320 kbps',
      { audioBitrateKbps: 100 },
    ],
  ];

  it.each(badValues)('refuses a bad %s with "%s"', async (field, message, change) => {
    const { ownerId, podcast, form } = await ownersPodcast();
    await expect(save(ownerId, podcast.id, { ...form, ...change })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: expect.arrayContaining([
        expect.objectContaining({ path: expect.arrayContaining(['input', field]), message }),
      ]),
    });
  });

  it('keeps at most 10 tags, trimmed and without repeats', async () => {
    const { ownerId, podcast, form } = await ownersPodcast();
    const tags = Array.from({ length: 12 }, (_, i) => ` tag-${i} `);
    const saved = await save(ownerId, podcast.id, { ...form, tags: [...tags, 'TAG-0'] });
    expect(saved.tags).toEqual(Array.from({ length: 10 }, (_, i) => `tag-${i}`));
  });

  it("refuses a slug another of the owner's podcasts uses with SLUG_TAKEN, and lets another owner's podcast keep it", async () => {
    const { ownerId, podcast, form } = await ownersPodcast();
    await app.createPodcast(ownerId, { name: 'Day Shift', slug: 'day-shift' });
    await expect(save(ownerId, podcast.id, { ...form, slug: 'day-shift' })).rejects.toMatchObject({
      code: 'SLUG_TAKEN',
      message: 'That podcast address is already taken',
    });
    const other = await ownersPodcast();
    await expect(
      save(other.ownerId, other.podcast.id, { ...other.form, slug: 'day-shift' }),
    ).resolves.toMatchObject({
      slug: 'day-shift',
    });
  });

  describe('album art', () => {
    it("changes the artwork to another of the owner's images", async () => {
      const { ownerId, podcast, form } = await ownersPodcast();
      const newImage = app.storedMediaFile(ownerId, 'image');
      const saved = await save(ownerId, podcast.id, { ...form, artworkMediaId: newImage.id });
      expect(saved).toMatchObject({ artworkMediaId: newImage.id, artworkUrl: newImage.url });
    });

    it("refuses an audio file with IMAGE_TYPE_NOT_ALLOWED and someone else's image with MEDIA_NOT_FOUND", async () => {
      const { ownerId, podcast, form } = await ownersPodcast();
      await expect(
        save(ownerId, podcast.id, { ...form, artworkMediaId: app.storedMediaFile(ownerId, 'audio').id }),
      ).rejects.toMatchObject({
        code: 'IMAGE_TYPE_NOT_ALLOWED',
        message: 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
      });
      const someoneElses = app.storedMediaFile(app.newOwner(), 'image');
      await expect(
        save(ownerId, podcast.id, { ...form, artworkMediaId: someoneElses.id }),
      ).rejects.toMatchObject({ code: 'MEDIA_NOT_FOUND' });
    });
  });

  describe('the private feed', () => {
    it('gives a podcast made private a 16-character token of letters and digits, kept by later saves', async () => {
      const { ownerId, podcast, form } = await ownersPodcast();
      expect(podcast.privateAccessToken).toBeNull();
      const madePrivate = await save(ownerId, podcast.id, { ...form, visibility: 'private' });
      expect(madePrivate.privateAccessToken).toMatch(new RegExp(`^[A-Za-z0-9]{${PRIVATE_TOKEN_LENGTH}}$`));
      const savedAgain = await save(ownerId, podcast.id, { ...form, visibility: 'private', name: 'Renamed' });
      expect(savedAgain.privateAccessToken).toBe(madePrivate.privateAccessToken);
    });

    it('rotates the token on request (owner): a new one, announced with catalog.podcast.updated', async () => {
      const { ownerId, podcast, form } = await ownersPodcast();
      const { privateAccessToken: first } = await save(ownerId, podcast.id, {
        ...form,
        visibility: 'private',
      });
      const rotated = await app.bus.request(catalogRequests.rotatePrivateToken, {
        userId: ownerId,
        podcastId: podcast.id,
      });
      expect(rotated.privateAccessToken).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(rotated.privateAccessToken).not.toBe(first);
      await waitFor('two catalog.podcast.updated events', () => {
        const events = app.podcastUpdatedEvents.filter(
          (envelope) => envelope.payload.podcastId === podcast.id,
        );
        return events.length === 2 ? events : undefined;
      });
    });

    it('shows the token to the owner only: an editor and a viewer see null', async () => {
      const { ownerId, podcast, form } = await ownersPodcast();
      await save(ownerId, podcast.id, { ...form, visibility: 'private' });
      for (const role of ['editor', 'viewer'] as const) {
        const contributor = await app.addContributor(ownerId, podcast.id, role);
        await expect(
          app.bus.request(catalogRequests.getPodcast, { userId: contributor.userId, podcastId: podcast.id }),
        ).resolves.toMatchObject({ role, visibility: 'private', privateAccessToken: null });
      }
    });
  });

  describe('who may save', () => {
    it('refuses an editor and a viewer with PODCAST_ROLE_FORBIDDEN, and a stranger with PODCAST_NOT_FOUND', async () => {
      const { ownerId, podcast, form } = await ownersPodcast();
      for (const role of ['editor', 'viewer'] as const) {
        const { userId } = await app.addContributor(ownerId, podcast.id, role);
        await expect(save(userId, podcast.id, { ...form, name: 'Taken over' })).rejects.toMatchObject({
          code: 'PODCAST_ROLE_FORBIDDEN',
          message: "You don't have permission to do this on this podcast.",
        });
        await expect(
          app.bus.request(catalogRequests.rotatePrivateToken, { userId, podcastId: podcast.id }),
        ).rejects.toMatchObject({ code: 'PODCAST_ROLE_FORBIDDEN' });
      }
      const stranger = app.newOwner();
      await expect(save(stranger, podcast.id, form)).rejects.toMatchObject({
        code: 'PODCAST_NOT_FOUND',
        message: 'Podcast not found',
      });
      await expect(
        app.bus.request(catalogRequests.rotatePrivateToken, { userId: stranger, podcastId: podcast.id }),
      ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
      await expect(
        app.bus.request(catalogRequests.getPodcast, { userId: ownerId, podcastId: podcast.id }),
      ).resolves.toMatchObject({ name: 'Night Shift' });
    });
  });
});
