import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogEvents,
  catalogRequests,
  type CreateEpisodeInput,
  storedEpisodeMediaSchema,
} from '@castbase/contracts';
import { OutboxRelay } from '@castbase/platform-messaging';
import { CatalogModule } from '../catalog.module.js';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

/**
 * Every Podcasting 2.0 field of spec 2 §3 with a value, as the upload screen would send them; the times fit the test
 * media's 3 seconds.
 */
const PODCASTING20_FIELDS = {
  transcripts: [
    { id: 't1', url: 'https://example.org/t.vtt', type: 'text/vtt', language: 'es', rel: 'captions' },
  ],
  chapters: [
    { id: 'c1', startTime: 0, title: 'Intro', url: null, image: null, endTime: 1, toc: true },
    { id: 'c2', startTime: 1, title: 'Talk', url: 'https://example.org/talk', image: null, toc: false },
  ],
  soundbites: [{ id: 's1', startTime: 1, duration: 2, title: 'Best bit' }],
  persons: [{ id: 'p1', name: 'Ada', role: 'Host', href: 'https://example.org/ada', img: null }],
  value: {
    type: 'lightning',
    method: 'keysend',
    suggested: 0.00000005,
    recipients: [{ name: 'Ada', type: 'node', address: 'ada@getalby.com', split: 100 }],
  },
  location: { name: 'Lisbon', geo: '38.72,-9.14', osm: 'R5400890' },
  funding: [{ url: 'https://example.org/support', title: 'Support us' }],
  license: { identifier: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  alternateEnclosures: [{ type: 'audio/opus', bitrate: 64000, sources: ['https://example.org/e.opus'] }],
} satisfies Partial<CreateEpisodeInput>;

describe('catalog.episode.create: every field, each status, roles and the rules of spec 2 §5', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const getEpisode = (userId: string, episodeId: string) =>
    app.bus.request(catalogRequests.getEpisode, { userId, episodeId });
  const outboxPayloads = async (subject: string, episodeId: string) =>
    (await app.outboxRows(subject, 'episodeId', episodeId)).map((row) => row['payload']);
  /** `work` with the outbox relay held: the outbox rows it writes stay as written (unpublished) until it is done. */
  const whileRelayHeld = async <T>(work: () => Promise<T>): Promise<T> => {
    const relay = app.catalog.select(CatalogModule).get(OutboxRelay);
    relay.hold();
    await relay.settled();
    try {
      return await work();
    } finally {
      relay.release();
    }
  };

  it('keeps every field of spec 2 §3 as sent, starts at revision 1 with version 1, and tells catalog.episode.created', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Every Field' });
    const video = app.storedMediaFile(ownerId, 'video');
    const art = app.storedMediaFile(ownerId, 'image');

    const episode = await app.createEpisode(ownerId, podcast.id, {
      title: '  Pilot  ',
      description: 'All about it',
      mediaId: video.id,
      artworkMediaId: art.id,
      tags: ['News', 'news', 'Tech, Science'],
      enableRss: false,
      enableVideo: true,
      episodeType: 'trailer',
      explicit: true,
      seasonNumber: 2,
      episodeNumber: 7,
      podcastBlock: true,
      ...PODCASTING20_FIELDS,
    });

    expect(episode).toMatchObject({
      podcastId: podcast.id,
      ownerId,
      title: 'Pilot',
      description: 'All about it',
      status: 'draft',
      media: { mediaId: video.id, mimeType: 'video/mp4', url: video.url },
      durationSeconds: video.durationSeconds,
      artworkMediaId: art.id,
      artworkUrl: art.url,
      tags: ['News', 'Tech', 'Science'],
      enableRss: false,
      enableVideo: true,
      episodeType: 'trailer',
      explicit: true,
      seasonNumber: 2,
      episodeNumber: 7,
      podcastBlock: true,
      ...PODCASTING20_FIELDS,
      plays: 0,
      publishDate: null,
      scheduledReleaseDate: null,
      revision: 1,
    });
    await expect(getEpisode(ownerId, episode.id)).resolves.toEqual(episode);
    expect(
      await app.rows(
        'select version_number, user_id, title from catalog.episode_versions where episode_id = ?',
        [episode.id],
      ),
    ).toEqual([{ version_number: 1, user_id: ownerId, title: 'Pilot' }]);
    expect(await outboxPayloads(catalogEvents.episodeCreated.subject, episode.id)).toEqual([
      {
        episodeId: episode.id,
        podcastId: podcast.id,
        ownerId,
        status: 'draft',
        title: episode.title,
        chapters: episode.chapters,
        media: storedEpisodeMediaSchema.parse(episode.media),
      },
    ]);
  });

  it('creates a published episode with its media: published now, with catalog.episode.created and catalog.episode.published in one transaction', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Straight Out' });
    const audio = app.storedMediaFile(ownerId);
    const before = Date.now();
    // Held, the relay leaves both rows as written: publishing a row updates it, which gives it a new xmin, and the two
    // rows may be published by two of its batches (seen on CI: transaction ids 82018 and 82019).
    const { episode, created, published } = await whileRelayHeld(async () => {
      const episode = await app.createEpisode(ownerId, podcast.id, {
        title: 'Live',
        mediaId: audio.id,
        status: 'published',
      });
      return {
        episode,
        created: await app.outboxRows(catalogEvents.episodeCreated.subject, 'episodeId', episode.id),
        published: await app.outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id),
      };
    });

    expect(episode.status).toBe('published');
    expect(Date.parse(episode.publishDate ?? '')).toBeGreaterThanOrEqual(before);
    expect(published.map((row) => row['payload'])).toEqual([
      {
        episodeId: episode.id,
        podcastId: podcast.id,
        ownerId,
        publishedAt: episode.publishDate,
        title: episode.title,
        chapters: [],
        media: storedEpisodeMediaSchema.parse(episode.media),
      },
    ]);
    expect(published[0]?.['transaction_id']).toBe(created[0]?.['transaction_id']);
  });

  it('creates a scheduled episode for a future date, with catalog.episode.scheduled', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Later' });
    const scheduledReleaseDate = new Date(Date.now() + 86_400_000).toISOString();

    const episode = await app.createEpisode(ownerId, podcast.id, {
      title: 'Tomorrow',
      status: 'scheduled',
      scheduledReleaseDate,
    });

    expect(episode).toMatchObject({ status: 'scheduled', scheduledReleaseDate, publishDate: null });
    expect(await outboxPayloads(catalogEvents.episodeScheduled.subject, episode.id)).toEqual([
      { episodeId: episode.id, podcastId: podcast.id, ownerId, scheduledReleaseDate },
    ]);
  });

  it.each<[string, Partial<CreateEpisodeInput>, string]>([
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['a title of 255 characters', { title: 'x'.repeat(255) }, 'Title must be less than 255 characters'],
    [
      'a description of 4000 characters',
      { description: 'x'.repeat(4000) },
      'Description must be less than 4000 characters',
    ],
    [
      'published without audio or video',
      { status: 'published' },
      'Either audio or video is required for published episodes',
    ],
    ['scheduled without a date', { status: 'scheduled' }, 'Publish date is required for scheduled episodes'],
    [
      'scheduled in the past',
      { status: 'scheduled', scheduledReleaseDate: new Date(Date.now() - 60_000).toISOString() },
      'Scheduled date must be in the future',
    ],
  ])('refuses %s with VALIDATION_FAILED "%s"', async (_case, input, message) => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Rules' });

    await expect(app.createEpisode(ownerId, podcast.id, { title: 'Fine', ...input })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ message })],
    });
    expect(await app.rows('select id from catalog.episodes where podcast_id = ?', [podcast.id])).toEqual([]);
  });

  const chapter = { id: 'c', startTime: 0, title: 'Intro' };
  const recipient = { name: 'Ada', type: 'node' as const, address: 'ada@getalby.com', split: 100 };
  const valueBlock = (overrides: Partial<typeof recipient>) => ({
    type: 'lightning' as const,
    method: 'keysend' as const,
    recipients: [{ ...recipient, ...overrides }],
  });
  it.each<[string, Partial<CreateEpisodeInput>]>([
    ['Start time must be positive', { chapters: [{ ...chapter, startTime: -1 }] }],
    [
      'Soundbite duration cannot exceed 5 minutes',
      { soundbites: [{ id: 's', startTime: 0, duration: 301 }] },
    ],
    ['Please enter a valid URL', { transcripts: [{ id: 't', url: 'not a url', type: 'text/vtt' }] }],
    [
      'Invalid language code (use ISO 639-1, e.g., "en", "es", "fr")',
      { transcripts: [{ id: 't', url: 'https://example.org/t.vtt', type: 'text/vtt', language: 'english' }] },
    ],
    ['Name is required', { persons: [{ id: 'p', name: ' ', role: 'Host' }] }],
    ['Recipient name is required', { value: valueBlock({ name: '' }) }],
    ['Lightning address is required', { value: valueBlock({ address: '' }) }],
    ['Split must be positive', { value: valueBlock({ split: -1 }) }],
    ['Location name is required', { location: { name: '' } }],
    ['Tags must be 50 characters or less', { tags: ['x'.repeat(51)] }],
  ])('refuses Podcasting 2.0 metadata breaking its rule with "%s"', async (message, input) => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Metadata Rules' });

    await expect(app.createEpisode(ownerId, podcast.id, { title: 'Fine', ...input })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ message })],
    });
  });

  it('refuses an image as the episode media with "Unsupported file type. Please upload audio or video." and audio as artwork with IMAGE_TYPE_NOT_ALLOWED', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Wrong Files' });

    await expect(
      app.createEpisode(ownerId, podcast.id, {
        title: 'Pic',
        mediaId: app.storedMediaFile(ownerId, 'image').id,
      }),
    ).rejects.toMatchObject({
      code: 'UPLOAD_REFUSED',
      message: 'Unsupported file type. Please upload audio or video.',
    });
    await expect(
      app.createEpisode(ownerId, podcast.id, {
        title: 'Sound as art',
        artworkMediaId: app.storedMediaFile(ownerId).id,
      }),
    ).rejects.toMatchObject({ code: 'IMAGE_TYPE_NOT_ALLOWED' });
  });

  it("lets an editor create an episode, which belongs to the podcast's owner; a viewer gets PODCAST_ROLE_FORBIDDEN, a stranger PODCAST_NOT_FOUND", async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Team Show' });
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');
    const viewer = await app.addContributor(ownerId, podcast.id, 'viewer');
    const editorsAudio = app.storedMediaFile(editor.userId);

    const episode = await app.createEpisode(editor.userId, podcast.id, {
      title: 'By the editor',
      mediaId: editorsAudio.id,
    });

    expect(episode).toMatchObject({ ownerId, media: { mediaId: editorsAudio.id } });
    expect(
      await app.rows('select user_id from catalog.episode_versions where episode_id = ?', [episode.id]),
    ).toEqual([{ user_id: editor.userId }]);
    await expect(getEpisode(viewer.userId, episode.id)).resolves.toEqual(episode);
    await expect(
      app.createEpisode(viewer.userId, podcast.id, { title: 'By the viewer' }),
    ).rejects.toMatchObject({ code: 'PODCAST_ROLE_FORBIDDEN' });
    await expect(
      app.createEpisode(app.newOwner(), podcast.id, { title: 'By a stranger' }),
    ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    await expect(getEpisode(app.newOwner(), episode.id)).rejects.toMatchObject({
      code: 'EPISODE_NOT_FOUND',
    });
  });

  it('saves a description holding a NUL character without it, instead of answering 500', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Odd Text' });

    const episode = await app.createEpisode(ownerId, podcast.id, {
      title: 'Nul\u0000 title',
      description: 'Before\u0000after',
      tags: ['a\u0000b'],
    });

    expect(episode).toMatchObject({ title: 'Nul title', description: 'Beforeafter', tags: ['ab'] });
    expect(
      await app.rows('select title, description from catalog.episodes where id = ?', [episode.id]),
    ).toEqual([{ title: 'Nul title', description: 'Beforeafter' }]);
  });
});
