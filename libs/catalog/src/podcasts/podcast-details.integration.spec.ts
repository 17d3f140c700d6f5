import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogRequests, DEFAULT_PODCAST_DESCRIPTION } from '@castbase/contracts';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe("catalog service: the onboarding wizard's podcast fields and the values written at creation", () => {
  let app: CatalogTestApp;
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("writes spec 1 §3's creation values: placeholder description, the owner's e-mail twice, the host as owner, a copyright line, tags ['podcast']", async () => {
    const ownerId = app.newOwner();

    const podcast = await app.createPodcast(
      ownerId,
      { name: 'Night Shift', author: 'Jane Doe' },
      'jane@example.org',
    );

    expect(podcast).toMatchObject({
      description: DEFAULT_PODCAST_DESCRIPTION,
      email: 'jane@example.org',
      ownerEmail: 'jane@example.org',
      author: 'Jane Doe',
      ownerName: 'Jane Doe',
      copyright: `© ${year} Night Shift, Jane Doe. All rights reserved.`,
      tags: ['podcast'],
      websiteUrl: '',
      coHosts: [],
      fundingLinks: [],
      socialLinks: [],
      type: 'episodic',
      explicit: false,
      artworkUrl: null,
      artworkMediaId: null,
    });
    expect(DEFAULT_PODCAST_DESCRIPTION).toBe('A new podcast created with Castbase.');
    await expect(
      app.bus.request(catalogRequests.getPodcast, { userId: ownerId, podcastId: podcast.id }),
    ).resolves.toEqual(podcast);
  });

  it('leaves both e-mails empty when the owner has none, and the copyright names only the show without a host', async () => {
    const podcast = await app.createPodcast(app.newOwner(), { name: 'Quiet Room' });

    expect(podcast).toMatchObject({
      email: '',
      ownerEmail: '',
      ownerName: '',
      copyright: `© ${year} Quiet Room. All rights reserved.`,
    });
  });

  it("keeps the wizard's values as sent: the 'Parent:Sub' category, co-hosts, tags, links, e-mails and copyright", async () => {
    const ownerId = app.newOwner();
    const input = {
      name: 'Page Turners',
      description: 'Two friends read a book a week and argue about the ending, chapter by chapter.',
      category: 'Arts:Books',
      language: 'en-gb',
      author: 'Jane Doe',
      coHosts: [' Sam Roe ', 'Sam Roe', '', 'Lee, Jr. "The Critic"'],
      explicit: true,
      type: 'serial' as const,
      tags: ['Books, Reading', 'books', ' Fiction '],
      websiteUrl: 'https://pageturners.example/',
      email: 'Hello@PageTurners.example',
      ownerName: 'Page Turners Ltd',
      ownerEmail: 'owner@pageturners.example',
      copyright: '© Page Turners Ltd',
      fundingLinks: [{ label: 'Support us', url: 'https://ko-fi.com/pageturners' }],
      socialLinks: [{ label: 'Mastodon', url: 'https://mastodon.social/@pageturners' }],
    };

    const podcast = await app.createPodcast(ownerId, input, 'jane@example.org');

    expect(podcast).toMatchObject({
      ...input,
      coHosts: ['Sam Roe', 'Lee, Jr. "The Critic"'],
      tags: ['Books', 'Reading', 'Fiction'],
      email: 'hello@pageturners.example',
    });
    await expect(
      app.bus.request(catalogRequests.getPodcast, { userId: ownerId, podcastId: podcast.id }),
    ).resolves.toEqual(podcast);
    expect(
      await app.rows('select category, co_hosts, tags, funding_links from catalog.podcasts where id = ?', [
        podcast.id,
      ]),
    ).toEqual([
      {
        category: 'Arts:Books',
        co_hosts: ['Sam Roe', 'Lee, Jr. "The Critic"'],
        tags: ['Books', 'Reading', 'Fiction'],
        funding_links: [{ label: 'Support us', url: 'https://ko-fi.com/pageturners' }],
      },
    ]);
  });

  it('rejects a category or language outside the lists with "Please choose a category from the list" and "Please choose a language from the list"', async () => {
    const ownerId = app.newOwner();

    await expect(
      app.createPodcast(ownerId, { name: 'Odd One', category: 'Arts:Cooking' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        expect.objectContaining({
          path: ['input', 'category'],
          message: 'Please choose a category from the list',
        }),
      ],
    });
    await expect(app.createPodcast(ownerId, { name: 'Odd One', language: 'xx' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        expect.objectContaining({
          path: ['input', 'language'],
          message: 'Please choose a language from the list',
        }),
      ],
    });
    await expect(app.bus.request(catalogRequests.listPodcasts, { userId: ownerId })).resolves.toEqual({
      items: [],
    });
  });

  it('keeps a bitrate of its own for its published MP3s, one of the MP3 bitrates, else "Choose an MP3 bitrate of…"', async () => {
    const ownerId = app.newOwner();

    const speech = await app.createPodcast(ownerId, { name: 'Speech', audioBitrateKbps: 64 });
    const standard = await app.createPodcast(ownerId, { name: 'Standard' });

    expect(speech.audioBitrateKbps).toBe(64);
    expect(standard.audioBitrateKbps).toBeNull();
    await expect(
      app.bus.request(catalogRequests.getPodcast, { userId: ownerId, podcastId: speech.id }),
    ).resolves.toMatchObject({ audioBitrateKbps: 64 });
    for (const audioBitrateKbps of [100, 0, 128.5]) {
      await expect(app.createPodcast(ownerId, { name: 'Odd Rate', audioBitrateKbps })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [
          expect.objectContaining({
            path: ['input', 'audioBitrateKbps'],
            message: 'Choose an MP3 bitrate of 64, 96, 128, 160, 192, 256 or 320 kbps',
          }),
        ],
      });
    }
  });

  describe('album art', () => {
    it("takes the artwork from one of the owner's image files: its key is kept, its URL is artworkUrl", async () => {
      const ownerId = app.newOwner();
      const image = app.storedMediaFile(ownerId, 'image');

      const podcast = await app.createPodcast(ownerId, { name: 'Cover Story', artworkMediaId: image.id });

      expect(podcast).toMatchObject({ artworkMediaId: image.id, artworkUrl: image.url });
      await expect(
        app.bus.request(catalogRequests.getPodcast, { userId: ownerId, podcastId: podcast.id }),
      ).resolves.toMatchObject({ artworkMediaId: image.id, artworkUrl: image.url });
      expect(await app.rows('select artwork_key from catalog.podcasts where id = ?', [podcast.id])).toEqual([
        { artwork_key: image.storageKey },
      ]);
    });

    it('refuses an audio or video file as artwork with IMAGE_TYPE_NOT_ALLOWED, and creates nothing', async () => {
      const ownerId = app.newOwner();

      for (const kind of ['audio', 'video'] as const) {
        const file = app.storedMediaFile(ownerId, kind);
        await expect(
          app.createPodcast(ownerId, { name: 'Wrong Cover', artworkMediaId: file.id }),
        ).rejects.toMatchObject({
          code: 'IMAGE_TYPE_NOT_ALLOWED',
          message: 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
        });
      }
      await expect(app.bus.request(catalogRequests.listPodcasts, { userId: ownerId })).resolves.toEqual({
        items: [],
      });
    });

    it("answers MEDIA_NOT_FOUND for an unknown file or another owner's image", async () => {
      const ownerId = app.newOwner();
      const someoneElsesImage = app.storedMediaFile(app.newOwner(), 'image');

      for (const artworkMediaId of [randomUUID(), someoneElsesImage.id]) {
        await expect(
          app.createPodcast(ownerId, { name: 'Borrowed Cover', artworkMediaId }),
        ).rejects.toMatchObject({ code: 'MEDIA_NOT_FOUND', message: 'Media file not found' });
      }
      await expect(app.bus.request(catalogRequests.listPodcasts, { userId: ownerId })).resolves.toEqual({
        items: [],
      });
    });
  });
});
