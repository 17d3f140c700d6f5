import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  catalogEvents,
  catalogRequests,
  DomainError,
  mediaRequests,
  type CreateEpisodeInput,
  type CreatePodcastInput,
  type EventEnvelope,
  type MediaFile,
  type PayloadOf,
} from '@castbase/contracts';
import { InProcessBus, MessageBus, MessagingModule, OutboxRelay } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { createTestDatabase, waitFor, type TestDatabase } from '@castbase/platform-testing';
import { CatalogModule } from './catalog.module.js';

type PodcastCreated = EventEnvelope<PayloadOf<typeof catalogEvents.podcastCreated>>;

describe('catalog service: podcasts and episodes, asked over the bus as the gateway asks', () => {
  let database: TestDatabase;
  let catalog: TestingModule;
  let bus: MessageBus;
  /** What the fake media service knows, by media id. */
  const mediaFiles = new Map<string, MediaFile>();
  const podcastCreatedEvents: PodcastCreated[] = [];

  /** Each test works for owners of its own, so tests never see each other's podcasts. */
  const newOwner = () => `owner-${randomUUID()}`;

  const createPodcast = (ownerId: string, input: CreatePodcastInput) =>
    bus.request(catalogRequests.createPodcast, { ownerId, ownerUsername: null, input });
  const createEpisode = (ownerId: string, podcastId: string, input: CreateEpisodeInput) =>
    bus.request(catalogRequests.createEpisode, { ownerId, podcastId, input });
  const publishEpisode = (ownerId: string, episodeId: string) =>
    bus.request(catalogRequests.publishEpisode, { ownerId, episodeId });

  const rows = (sql: string, parameters: unknown[] = []) =>
    catalog
      .select(CatalogModule)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(sql, parameters);
  /** A timestamptz column as the ISO string the contracts carry (millisecond precision, as JavaScript writes it). */
  const isoTimestamp = (column: string) =>
    `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;
  const outboxRows = (subject: string, key: 'podcastId' | 'episodeId', id: string) =>
    rows(
      `select payload, xmin::text as transaction_id, published_at
         from catalog.outbox_messages where subject = ? and payload->>'${key}' = ?`,
      [subject, id],
    );

  /** A file the media service has stored for `ownerId`. */
  function storedMediaFile(ownerId: string): MediaFile {
    const id = randomUUID();
    const file: MediaFile = {
      id,
      ownerId,
      kind: 'audio',
      fileName: 'episode-1.mp3',
      mimeType: 'audio/mpeg',
      sizeBytes: 48_000,
      durationSeconds: 3,
      bitrate: 128_000,
      url: `http://127.0.0.1/storage/public/media/${ownerId}/${id}/episode-1.mp3`,
      createdAt: new Date().toISOString(),
    };
    mediaFiles.set(id, file);
    return file;
  }

  async function podcastWithEpisode(options: { withMedia: boolean }) {
    const ownerId = newOwner();
    const podcast = await createPodcast(ownerId, { name: 'Episodes Show' });
    const media = options.withMedia ? storedMediaFile(ownerId) : undefined;
    const episode = await createEpisode(ownerId, podcast.id, { title: 'Pilot', mediaId: media?.id });
    return { ownerId, podcast, episode, media };
  }

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_catalog');
    const silent = pino({ level: 'silent' });
    catalog = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
        MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
        CatalogModule,
      ],
    }).compile();
    await catalog.init();
    bus = catalog.get(MessageBus);

    // The media service's side of `media.file.get`: it answers only for the caller's own files.
    await bus.respond(
      mediaRequests.getFile,
      ({ ownerId, mediaId }) => {
        const file = mediaFiles.get(mediaId);
        if (!file || file.ownerId !== ownerId) throw new DomainError('MEDIA_NOT_FOUND');
        return file;
      },
      { queue: 'media' },
    );
    await bus.consume('catalog-spec', [catalogEvents.podcastCreated], async (envelope) => {
      podcastCreatedEvents.push(envelope);
    });
  });

  afterAll(async () => {
    await catalog?.close();
    await database?.drop();
  });

  describe('podcasts', () => {
    it('derives the slug from the name: accents folded, punctuation and spaces become single hyphens', async () => {
      const ownerId = newOwner();

      const cafe = await createPodcast(ownerId, { name: '  Café Crème: Ça va?! (Édition spéciale) ' });
      const danish = await createPodcast(ownerId, { name: 'Smørrebrød & Œuvres — Straße Ærø' });

      expect(cafe).toMatchObject({ name: 'Café Crème: Ça va?! (Édition spéciale)' });
      expect(cafe.slug).toBe('cafe-creme-ca-va-edition-speciale');
      expect(danish.slug).toBe('smorrebrod-oeuvres-strasse-aero');
    });

    it("numbers a second podcast with the same name: 'the-daily-tech-2', then 'the-daily-tech-3'", async () => {
      const ownerId = newOwner();

      const slugs = [];
      for (let i = 0; i < 3; i++) slugs.push((await createPodcast(ownerId, { name: 'The Daily Tech' })).slug);

      expect(slugs).toEqual(['the-daily-tech', 'the-daily-tech-2', 'the-daily-tech-3']);
    });

    it('gives podcasts with the same name created at the same moment different slugs', async () => {
      const ownerId = newOwner();

      const created = await Promise.all(
        Array.from({ length: 4 }, () => createPodcast(ownerId, { name: 'Double Click' })),
      );

      expect(created.map((podcast) => podcast.slug).sort()).toEqual([
        'double-click',
        'double-click-2',
        'double-click-3',
        'double-click-4',
      ]);
    });

    it('refuses a chosen slug the owner already uses with SLUG_TAKEN "That podcast address is already taken"', async () => {
      const ownerId = newOwner();
      await createPodcast(ownerId, { name: 'First', slug: 'my-show' });

      await expect(createPodcast(ownerId, { name: 'Second', slug: 'my-show' })).rejects.toMatchObject({
        code: 'SLUG_TAKEN',
        message: 'That podcast address is already taken',
      });
      const { items } = await bus.request(catalogRequests.listPodcasts, { ownerId });
      expect(items.map((podcast) => podcast.name)).toEqual(['First']);
    });

    it('refuses the second of two podcasts created at the same moment with the same chosen slug with SLUG_TAKEN', async () => {
      const ownerId = newOwner();

      const outcomes = await Promise.allSettled(
        ['Third', 'Fourth', 'Fifth'].map((name) => createPodcast(ownerId, { name, slug: 'at-once' })),
      );

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([
        { status: 'rejected', reason: expect.objectContaining({ code: 'SLUG_TAKEN' }) },
        { status: 'rejected', reason: expect.objectContaining({ code: 'SLUG_TAKEN' }) },
      ]);
      const { items } = await bus.request(catalogRequests.listPodcasts, { ownerId });
      expect(items.map((podcast) => podcast.slug)).toEqual(['at-once']);
    });

    it('lets another owner use a slug that is already taken', async () => {
      const first = await createPodcast(newOwner(), { name: 'Mine', slug: 'shared-address' });
      const second = await createPodcast(newOwner(), { name: 'Also mine', slug: 'shared-address' });

      expect(second.slug).toBe('shared-address');
      expect(second.id).not.toBe(first.id);
    });

    it("lists only the caller's podcasts, oldest first", async () => {
      const ownerId = newOwner();
      const older = await createPodcast(ownerId, { name: 'Older' });
      const newer = await createPodcast(ownerId, { name: 'Newer' });
      await createPodcast(newOwner(), { name: 'Someone else' });

      const { items } = await bus.request(catalogRequests.listPodcasts, { ownerId });

      expect(items.map((podcast) => podcast.id)).toEqual([older.id, newer.id]);
    });

    it("answers PODCAST_NOT_FOUND for another owner's podcast, and gives none of its data", async () => {
      const ownerId = newOwner();
      const podcast = await createPodcast(ownerId, { name: 'Private Thoughts', description: 'secret' });

      await expect(
        bus.request(catalogRequests.getPodcast, { ownerId, podcastId: podcast.id }),
      ).resolves.toEqual(podcast);
      const refusal = await bus
        .request(catalogRequests.getPodcast, { ownerId: newOwner(), podcastId: podcast.id })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect((refusal as DomainError).toJSON()).toEqual({
        code: 'PODCAST_NOT_FOUND',
        message: 'Podcast not found',
      });
    });

    it('rejects an empty name with VALIDATION_FAILED carrying "Podcast name is required", and creates nothing', async () => {
      const ownerId = newOwner();

      for (const name of ['', '   ']) {
        await expect(createPodcast(ownerId, { name })).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [
            expect.objectContaining({ path: ['input', 'name'], message: 'Podcast name is required' }),
          ],
        });
      }
      await expect(bus.request(catalogRequests.listPodcasts, { ownerId })).resolves.toEqual({ items: [] });
    });

    it('writes one catalog.podcast.created outbox row in the transaction that creates the podcast', async () => {
      const relay = catalog.select(CatalogModule).get(OutboxRelay);
      // Held, the relay leaves the row as written: publishing it updates the row, which gives it a new xmin.
      relay.hold();
      await relay.settled();
      try {
        const ownerId = newOwner();
        const podcast = await createPodcast(ownerId, { name: 'Outbox Hour', slug: 'outbox-hour' });

        const [podcastRow] = await rows(
          'select xmin::text as transaction_id from catalog.podcasts where id = ?',
          [podcast.id],
        );
        const outbox = await outboxRows(catalogEvents.podcastCreated.subject, 'podcastId', podcast.id);
        expect(outbox).toEqual([
          {
            payload: { podcastId: podcast.id, ownerId, slug: 'outbox-hour', ownerUsername: null },
            transaction_id: podcastRow?.['transaction_id'],
            published_at: null,
          },
        ]);
      } finally {
        relay.release();
      }
    });

    it('announces catalog.podcast.created on the bus once the podcast is committed', async () => {
      const ownerId = newOwner();
      const podcast = await createPodcast(ownerId, { name: 'Announced' });

      const event = await waitFor('catalog.podcast.created', () =>
        podcastCreatedEvents.find((envelope) => envelope.payload.podcastId === podcast.id),
      );
      expect(event.payload).toEqual({
        podcastId: podcast.id,
        ownerId,
        slug: 'announced',
        ownerUsername: null,
      });
    });
  });

  describe('episodes', () => {
    it('creates a draft episode carrying the media file the media service describes', async () => {
      const ownerId = newOwner();
      const podcast = await createPodcast(ownerId, { name: 'With Media' });
      const file = storedMediaFile(ownerId);

      const episode = await createEpisode(ownerId, podcast.id, { title: 'Pilot', mediaId: file.id });

      expect(episode).toMatchObject({
        podcastId: podcast.id,
        ownerId,
        title: 'Pilot',
        status: 'draft',
        publishDate: null,
        media: {
          mediaId: file.id,
          fileName: file.fileName,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          durationSeconds: file.durationSeconds,
          url: file.url,
        },
      });
      await expect(
        bus.request(catalogRequests.getEpisode, { ownerId, episodeId: episode.id }),
      ).resolves.toEqual(episode);
    });

    it("refuses a mediaId the media service does not know, or another owner's file, with MEDIA_NOT_FOUND", async () => {
      const ownerId = newOwner();
      const podcast = await createPodcast(ownerId, { name: 'Missing Media' });
      const someoneElsesFile = storedMediaFile(newOwner());

      for (const mediaId of [randomUUID(), someoneElsesFile.id]) {
        await expect(createEpisode(ownerId, podcast.id, { title: 'Lost', mediaId })).rejects.toMatchObject({
          code: 'MEDIA_NOT_FOUND',
          message: 'Media file not found',
        });
      }
      await expect(
        bus.request(catalogRequests.listEpisodes, { ownerId, podcastId: podcast.id }),
      ).resolves.toEqual({ items: [] });
    });

    it("refuses an episode in another owner's podcast with PODCAST_NOT_FOUND", async () => {
      const podcast = await createPodcast(newOwner(), { name: 'Not Yours' });

      await expect(createEpisode(newOwner(), podcast.id, { title: 'Intruder' })).rejects.toMatchObject({
        code: 'PODCAST_NOT_FOUND',
      });
    });

    it('refuses to publish an episode without media with EPISODE_HAS_NO_MEDIA "Add audio or video before publishing this episode"', async () => {
      const { ownerId, episode } = await podcastWithEpisode({ withMedia: false });

      await expect(publishEpisode(ownerId, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_HAS_NO_MEDIA',
        message: 'Add audio or video before publishing this episode',
      });
      expect(
        await rows('select status, publish_date from catalog.episodes where id = ?', [episode.id]),
      ).toEqual([{ status: 'draft', publish_date: null }]);
      expect(await outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id)).toEqual([]);
    });

    it('publishes now: status published, a publish date, and one catalog.episode.published outbox row with the media', async () => {
      const { ownerId, podcast, episode } = await podcastWithEpisode({ withMedia: true });
      const before = Date.now();

      const published = await publishEpisode(ownerId, episode.id);

      expect(published).toMatchObject({ id: episode.id, status: 'published' });
      const publishedAt = Date.parse(published.publishDate ?? '');
      expect(publishedAt).toBeGreaterThanOrEqual(before);
      expect(publishedAt).toBeLessThanOrEqual(Date.now());
      expect(
        await rows(`select status, ${isoTimestamp('publish_date')} from catalog.episodes where id = ?`, [
          episode.id,
        ]),
      ).toEqual([{ status: 'published', publish_date: published.publishDate }]);
      const outbox = await outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id);
      expect(outbox.map((row) => row['payload'])).toEqual([
        {
          episodeId: episode.id,
          podcastId: podcast.id,
          ownerId,
          publishedAt: published.publishDate,
          media: episode.media,
        },
      ]);
    });

    it('refuses to publish an episode twice with EPISODE_ALREADY_PUBLISHED, keeping the first publish date', async () => {
      const { ownerId, episode } = await podcastWithEpisode({ withMedia: true });
      const first = await publishEpisode(ownerId, episode.id);

      await expect(publishEpisode(ownerId, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_ALREADY_PUBLISHED',
        message: 'Episode is already published',
      });
      await expect(
        bus.request(catalogRequests.getEpisode, { ownerId, episodeId: episode.id }),
      ).resolves.toEqual(first);
      expect(await outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id)).toHaveLength(
        1,
      );
    });

    it('publishes once when two publish requests for the episode arrive together', async () => {
      const { ownerId, episode } = await podcastWithEpisode({ withMedia: true });

      const outcomes = await Promise.allSettled([
        publishEpisode(ownerId, episode.id),
        publishEpisode(ownerId, episode.id),
      ]);

      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(outcomes).toContainEqual({
        status: 'rejected',
        reason: expect.objectContaining({ code: 'EPISODE_ALREADY_PUBLISHED' }),
      });
      expect(await outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id)).toHaveLength(
        1,
      );
    });

    it('answers EPISODE_NOT_FOUND to another owner who reads or publishes the episode, and leaves it a draft', async () => {
      const { episode } = await podcastWithEpisode({ withMedia: true });
      const stranger = newOwner();

      await expect(
        bus.request(catalogRequests.getEpisode, { ownerId: stranger, episodeId: episode.id }),
      ).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND', message: 'Episode not found' });
      await expect(publishEpisode(stranger, episode.id)).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
      expect(await rows('select status from catalog.episodes where id = ?', [episode.id])).toEqual([
        { status: 'draft' },
      ]);
      expect(await outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id)).toEqual([]);
    });
  });

  describe('catalog.feed-source.get', () => {
    it('returns the podcast with only its published episodes, newest first', async () => {
      const ownerId = newOwner();
      const podcast = await createPodcast(ownerId, { name: 'Feed Source' });
      const episode = (title: string) =>
        createEpisode(ownerId, podcast.id, { title, mediaId: storedMediaFile(ownerId).id });
      const [first, second, draft, third] = [
        await episode('First'),
        await episode('Second'),
        await episode('Draft'),
        await episode('Third'),
      ];
      let lastPublishDate = 0;
      for (const { id } of [first, second, third]) {
        // Publish dates are milliseconds: let the clock move on so that each one is strictly later.
        await waitFor('the clock to pass the last publish date', () => Date.now() > lastPublishDate);
        lastPublishDate = Date.parse((await publishEpisode(ownerId, id)).publishDate ?? '');
      }
      const otherPodcast = await createPodcast(ownerId, { name: 'Other Show' });
      const elsewhere = await createEpisode(ownerId, otherPodcast.id, {
        title: 'Elsewhere',
        mediaId: storedMediaFile(ownerId).id,
      });
      await publishEpisode(ownerId, elsewhere.id);

      const source = await bus.request(catalogRequests.getFeedSource, { podcastId: podcast.id });

      expect(source.podcast).toEqual(podcast);
      expect(source.episodes.map((item) => item.title)).toEqual(['Third', 'Second', 'First']);
      expect(source.episodes.map((item) => item.id)).not.toContain(draft?.id);
    });

    it('answers PODCAST_NOT_FOUND for a podcast that does not exist', async () => {
      await expect(
        bus.request(catalogRequests.getFeedSource, { podcastId: randomUUID() }),
      ).rejects.toMatchObject({
        code: 'PODCAST_NOT_FOUND',
      });
    });
  });
});
