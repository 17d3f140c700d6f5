import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogEvents, catalogRequests, DomainError } from '@castbase/contracts';
import { OutboxRelay } from '@castbase/platform-messaging';
import { waitFor } from '@castbase/platform-testing';
import { CatalogModule } from '../catalog.module.js';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe('catalog service: podcasts, asked over the bus as the gateway asks', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  describe('podcasts', () => {
    it('derives the slug from the name: accents folded, punctuation and spaces become single hyphens', async () => {
      const ownerId = app.newOwner();

      const cafe = await app.createPodcast(ownerId, { name: '  Café Crème: Ça va?! (Édition spéciale) ' });
      const danish = await app.createPodcast(ownerId, { name: 'Smørrebrød & Œuvres — Straße Ærø' });

      expect(cafe).toMatchObject({ name: 'Café Crème: Ça va?! (Édition spéciale)' });
      expect(cafe.slug).toBe('cafe-creme-ca-va-edition-speciale');
      expect(danish.slug).toBe('smorrebrod-oeuvres-strasse-aero');
    });

    it("numbers a second podcast with the same name: 'the-daily-tech-2', then 'the-daily-tech-3'", async () => {
      const ownerId = app.newOwner();

      const slugs = [];
      for (let i = 0; i < 3; i++)
        slugs.push((await app.createPodcast(ownerId, { name: 'The Daily Tech' })).slug);

      expect(slugs).toEqual(['the-daily-tech', 'the-daily-tech-2', 'the-daily-tech-3']);
    });

    it('gives podcasts with the same name created at the same moment different slugs', async () => {
      const ownerId = app.newOwner();

      const created = await Promise.all(
        Array.from({ length: 4 }, () => app.createPodcast(ownerId, { name: 'Double Click' })),
      );

      expect(created.map((podcast) => podcast.slug).sort()).toEqual([
        'double-click',
        'double-click-2',
        'double-click-3',
        'double-click-4',
      ]);
    });

    it('refuses a chosen slug the owner already uses with SLUG_TAKEN "That podcast address is already taken"', async () => {
      const ownerId = app.newOwner();
      await app.createPodcast(ownerId, { name: 'First', slug: 'my-show' });

      await expect(app.createPodcast(ownerId, { name: 'Second', slug: 'my-show' })).rejects.toMatchObject({
        code: 'SLUG_TAKEN',
        message: 'That podcast address is already taken',
      });
      const { items } = await app.bus.request(catalogRequests.listPodcasts, { userId: ownerId });
      expect(items.map((podcast) => podcast.name)).toEqual(['First']);
    });

    it('refuses the second of two podcasts created at the same moment with the same chosen slug with SLUG_TAKEN', async () => {
      const ownerId = app.newOwner();

      const outcomes = await Promise.allSettled(
        ['Third', 'Fourth', 'Fifth'].map((name) => app.createPodcast(ownerId, { name, slug: 'at-once' })),
      );

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([
        { status: 'rejected', reason: expect.objectContaining({ code: 'SLUG_TAKEN' }) },
        { status: 'rejected', reason: expect.objectContaining({ code: 'SLUG_TAKEN' }) },
      ]);
      const { items } = await app.bus.request(catalogRequests.listPodcasts, { userId: ownerId });
      expect(items.map((podcast) => podcast.slug)).toEqual(['at-once']);
    });

    it('lets another owner use a slug that is already taken', async () => {
      const first = await app.createPodcast(app.newOwner(), { name: 'Mine', slug: 'shared-address' });
      const second = await app.createPodcast(app.newOwner(), { name: 'Also mine', slug: 'shared-address' });

      expect(second.slug).toBe('shared-address');
      expect(second.id).not.toBe(first.id);
    });

    it("lists only the caller's podcasts, oldest first", async () => {
      const ownerId = app.newOwner();
      const older = await app.createPodcast(ownerId, { name: 'Older' });
      const newer = await app.createPodcast(ownerId, { name: 'Newer' });
      await app.createPodcast(app.newOwner(), { name: 'Someone else' });

      const { items } = await app.bus.request(catalogRequests.listPodcasts, { userId: ownerId });

      expect(items.map((podcast) => podcast.id)).toEqual([older.id, newer.id]);
    });

    it("answers PODCAST_NOT_FOUND for another owner's podcast, and gives none of its data", async () => {
      const ownerId = app.newOwner();
      const podcast = await app.createPodcast(ownerId, { name: 'Private Thoughts', description: 'secret' });

      await expect(
        app.bus.request(catalogRequests.getPodcast, { userId: ownerId, podcastId: podcast.id }),
      ).resolves.toEqual(podcast);
      const refusal = await app.bus
        .request(catalogRequests.getPodcast, { userId: app.newOwner(), podcastId: podcast.id })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect((refusal as DomainError).toJSON()).toEqual({
        code: 'PODCAST_NOT_FOUND',
        message: 'Podcast not found',
      });
    });

    it('rejects an empty name with VALIDATION_FAILED carrying "Podcast name is required", and creates nothing', async () => {
      const ownerId = app.newOwner();

      for (const name of ['', '   ']) {
        await expect(app.createPodcast(ownerId, { name })).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [
            expect.objectContaining({ path: ['input', 'name'], message: 'Podcast name is required' }),
          ],
        });
      }
      await expect(app.bus.request(catalogRequests.listPodcasts, { userId: ownerId })).resolves.toEqual({
        items: [],
      });
    });

    it('writes one catalog.podcast.created outbox row in the transaction that creates the podcast', async () => {
      const relay = app.catalog.select(CatalogModule).get(OutboxRelay);
      // Held, the relay leaves the row as written: publishing it updates the row, which gives it a new xmin.
      relay.hold();
      await relay.settled();
      try {
        const ownerId = app.newOwner();
        const podcast = await app.createPodcast(ownerId, { name: 'Outbox Hour', slug: 'outbox-hour' });

        const [podcastRow] = await app.rows(
          'select xmin::text as transaction_id from catalog.podcasts where id = ?',
          [podcast.id],
        );
        const outbox = await app.outboxRows(catalogEvents.podcastCreated.subject, 'podcastId', podcast.id);
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
      const ownerId = app.newOwner();
      const podcast = await app.createPodcast(ownerId, { name: 'Announced' });

      const event = await waitFor('catalog.podcast.created', () =>
        app.podcastCreatedEvents.find((envelope) => envelope.payload.podcastId === podcast.id),
      );
      expect(event.payload).toEqual({
        podcastId: podcast.id,
        ownerId,
        slug: 'announced',
        ownerUsername: null,
      });
    });
  });
});
