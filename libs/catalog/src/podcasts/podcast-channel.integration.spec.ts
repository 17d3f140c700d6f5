import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogRequests,
  defaultPodcastChannelFields,
  licenseMessages,
  locationMessages,
  PODROLL_MAX,
  podcastChannelMessages,
  podcastGuidForFeedUrl,
  type Podcast,
  type PodcastChannelFields,
  type PodcastSettingsInput,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import {
  CATALOG_TEST_PUBLIC_URL,
  startCatalogTestApp,
  type CatalogTestApp,
} from '../testing/catalog-test-app.js';

describe("catalog service: the channel's feed fields, podcast:guid and feed addresses", () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** As the gateway creates one for a signed-in user whose token has a username. */
  const createAs = (ownerId: string, ownerUsername: string | null, name: string, slug?: string) =>
    app.bus.request(catalogRequests.createPodcast, {
      ownerId,
      ownerUsername,
      ownerEmail: null,
      input: { name, slug, author: 'Jane Doe', artworkMediaId: app.storedMediaFile(ownerId, 'image').id },
    });
  const getPodcast = (userId: string, podcastId: string) =>
    app.bus.request(catalogRequests.getPodcast, { userId, podcastId });
  const save = (userId: string, podcastId: string, input: PodcastSettingsInput) =>
    app.bus.request(catalogRequests.updatePodcast, { userId, podcastId, input });

  /** The settings form as it opens for the podcast, every field as stored. */
  function settingsFormOf(podcast: Podcast): PodcastSettingsInput {
    const {
      name,
      slug,
      description,
      language,
      category,
      author,
      coHosts,
      explicit,
      type,
      visibility,
      tags,
      artworkMediaId,
      audioBitrateKbps,
      websiteUrl,
      email,
      ownerName,
      ownerEmail,
      copyright,
      fundingLinks,
      socialLinks,
      podcastLocked,
      podcastMedium,
      lightningAddress,
      valueEnabled,
      feedBlock,
      feedComplete,
      license,
      location,
      updateFrequency,
      podroll,
      txt,
    } = podcast;
    return {
      ...{ name, slug, description, language, category, author, coHosts, explicit, type, visibility, tags },
      ...{
        artworkMediaId,
        audioBitrateKbps,
        websiteUrl,
        email,
        ownerName,
        ownerEmail,
        copyright,
        fundingLinks,
      },
      ...{ socialLinks, podcastLocked, podcastMedium, lightningAddress, valueEnabled },
      ...{ feedBlock, feedComplete, license, location, updateFrequency, podroll, txt },
    };
  }

  const everyChannelField: PodcastChannelFields = {
    feedBlock: true,
    feedComplete: true,
    license: { identifier: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    location: { name: 'Austin, TX', geo: '30.2672,-97.7431', osm: 'R113314' },
    updateFrequency: {
      text: 'Every other Monday',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
      complete: false,
    },
    podroll: [
      {
        feedGuid: '917393e3-1b1e-5cef-ace4-edaa54e1f810',
        feedUrl: 'https://mp3s.nashownotes.com/pc20rss.xml',
      },
      { feedGuid: 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6' },
    ],
    txt: [
      { purpose: 'verify', value: 'S6lpp-7ZCn8-dZfGc-OoyaG' },
      { value: 'Recorded in a closet full of coats.' },
    ],
  };

  describe('podcast:guid', () => {
    it("is the namespace's UUIDv5 of the feed URL the podcast had when it was created", async () => {
      const ownerId = app.newOwner();
      const podcast = await createAs(ownerId, 'jane', 'My Show', 'my-show');
      expect(podcast.podcastGuid).toBe(
        podcastGuidForFeedUrl(`${CATALOG_TEST_PUBLIC_URL}/feeds/jane/my-show.xml`),
      );
      expect(podcast.podcastGuid).toBe(podcastGuidForFeedUrl('podcasts.example.test/feeds/jane/my-show.xml'));
    });

    it("uses the podcast's id address for an owner without a username", async () => {
      const podcast = await createAs(app.newOwner(), null, 'No Name Show');
      expect(podcast.podcastGuid).toBe(
        podcastGuidForFeedUrl(`${CATALOG_TEST_PUBLIC_URL}/feeds/podcast/${podcast.id}.xml`),
      );
    });

    it('differs between podcasts at different addresses', async () => {
      const ownerId = app.newOwner();
      const first = await createAs(ownerId, 'sam', 'Show One');
      const second = await createAs(ownerId, 'sam', 'Show Two');
      expect(first.podcastGuid).not.toBe(second.podcastGuid);
    });

    it('never changes after creation: not on a slug change, nor on a username change', async () => {
      const ownerId = app.newOwner();
      const podcast = await createAs(ownerId, 'lee', 'Steady Show');
      const renamed = await save(ownerId, podcast.id, { ...settingsFormOf(podcast), slug: 'moved-show' });
      expect(renamed.podcastGuid).toBe(podcast.podcastGuid);

      await app.processed(await app.changeUsername(ownerId, 'lee_2', 'lee'));

      expect(await getPodcast(ownerId, podcast.id)).toMatchObject({
        ownerUsername: 'lee_2',
        slug: 'moved-show',
        podcastGuid: podcast.podcastGuid,
      });
    });
  });

  describe('channel fields in settings', () => {
    it('starts a new podcast with none of them set', async () => {
      const podcast = await createAs(app.newOwner(), 'new', 'Fresh Show');
      expect(podcast).toMatchObject(defaultPodcastChannelFields());
    });

    it('saves every one, reads them back the same, and announces catalog.podcast.updated', async () => {
      const ownerId = app.newOwner();
      const podcast = await createAs(ownerId, 'kim', 'Field Day');

      const saved = await save(ownerId, podcast.id, { ...settingsFormOf(podcast), ...everyChannelField });

      expect(saved).toMatchObject(everyChannelField);
      expect(await getPodcast(ownerId, podcast.id)).toEqual(saved);
      const event = await waitFor('catalog.podcast.updated', () =>
        app.podcastUpdatedEvents.find((envelope) => envelope.payload.podcastId === podcast.id),
      );
      // The address did not move: no previous one.
      expect(event.payload).toEqual({
        podcastId: podcast.id,
        ownerId,
        slug: podcast.slug,
        ownerUsername: 'kim',
      });
    });

    it('clears them again', async () => {
      const ownerId = app.newOwner();
      const podcast = await createAs(ownerId, 'kim', 'Clear Day');
      const filled = await save(ownerId, podcast.id, { ...settingsFormOf(podcast), ...everyChannelField });

      const cleared = await save(ownerId, podcast.id, {
        ...settingsFormOf(filled),
        ...defaultPodcastChannelFields(),
      });

      expect(cleared).toMatchObject(defaultPodcastChannelFields());
      expect(await getPodcast(ownerId, podcast.id)).toMatchObject(defaultPodcastChannelFields());
    });

    const badValues: Array<
      [what: string, message: string, change: Partial<PodcastSettingsInput>, path: string]
    > = [
      [
        'podroll guid',
        podcastChannelMessages.podrollGuid,
        { podroll: [{ feedGuid: 'not-a-guid' }] },
        'podroll',
      ],
      [
        'podroll feed URL',
        podcastChannelMessages.podrollUrl,
        {
          podroll: [{ feedGuid: '917393e3-1b1e-5cef-ace4-edaa54e1f810', feedUrl: 'ftp://example.org/feed' }],
        },
        'podroll',
      ],
      [
        'podroll past its limit',
        podcastChannelMessages.podrollTooMany,
        {
          podroll: Array.from({ length: PODROLL_MAX + 1 }, () => ({
            feedGuid: '917393e3-1b1e-5cef-ace4-edaa54e1f810',
          })),
        },
        'podroll',
      ],
      ['empty txt', podcastChannelMessages.txtRequired, { txt: [{ purpose: 'verify', value: ' ' }] }, 'txt'],
      ['txt too long', podcastChannelMessages.txtTooLong, { txt: [{ value: 't'.repeat(4001) }] }, 'txt'],
      [
        'txt purpose too long',
        podcastChannelMessages.txtPurposeTooLong,
        { txt: [{ purpose: 'p'.repeat(129), value: 'ok' }] },
        'txt',
      ],
      [
        'schedule without text',
        podcastChannelMessages.updateFrequencyRequired,
        { updateFrequency: { text: '', complete: false } },
        'updateFrequency',
      ],
      [
        'repeat rule',
        podcastChannelMessages.rruleInvalid,
        { updateFrequency: { text: 'Weekly', rrule: 'every monday', complete: false } },
        'updateFrequency',
      ],
      ['location without a name', locationMessages.nameRequired, { location: { name: '' } }, 'location'],
      ['location osm', locationMessages.osmFormat, { location: { name: 'Austin', osm: 'X12' } }, 'location'],
      [
        'custom license without a URL',
        licenseMessages.urlRequiredForCustom,
        { license: { identifier: 'My own license' } },
        'license',
      ],
    ];

    it.each(badValues)(
      'refuses a bad %s with "%s", changing nothing',
      async (_what, message, change, field) => {
        const ownerId = app.newOwner();
        const podcast = await createAs(ownerId, 'bad', 'Strict Show');

        await expect(
          save(ownerId, podcast.id, { ...settingsFormOf(podcast), ...change }),
        ).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
          details: expect.arrayContaining([
            expect.objectContaining({ path: expect.arrayContaining(['input', field]), message }),
          ]),
        });
        expect(await getPodcast(ownerId, podcast.id)).toEqual(podcast);
      },
    );

    it("answers PODCAST_NOT_FOUND to someone else's save, changing nothing", async () => {
      const ownerId = app.newOwner();
      const podcast = await createAs(ownerId, 'own', 'Mine');
      await expect(
        save(app.newOwner(), podcast.id, { ...settingsFormOf(podcast), ...everyChannelField }),
      ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
      expect(await getPodcast(ownerId, podcast.id)).toEqual(podcast);
    });
  });

  describe("the owner's username changes (identity.user.username-changed)", () => {
    it("moves every one of the owner's podcasts to the new username, announcing each with its old address", async () => {
      const ownerId = app.newOwner();
      const first = await createAs(ownerId, 'pat', 'First Show');
      const second = await createAs(ownerId, 'pat', 'Second Show');
      const othersId = app.newOwner();
      const others = await createAs(othersId, 'pat', 'Not Yours');

      await app.processed(await app.changeUsername(ownerId, 'patricia', 'pat'));

      for (const podcast of [first, second]) {
        expect(await getPodcast(ownerId, podcast.id)).toMatchObject({
          ownerUsername: 'patricia',
          slug: podcast.slug,
        });
        const event = await waitFor(`catalog.podcast.updated for ${podcast.name}`, () =>
          app.podcastUpdatedEvents.find((envelope) => envelope.payload.podcastId === podcast.id),
        );
        expect(event.payload).toEqual({
          podcastId: podcast.id,
          ownerId,
          slug: podcast.slug,
          ownerUsername: 'patricia',
          previousAddress: { ownerUsername: 'pat', slug: podcast.slug },
        });
      }
      expect(await getPodcast(othersId, others.id)).toEqual(others);
      expect(await app.outboxRows('catalog.podcast.updated', 'podcastId', others.id)).toEqual([]);
    });

    it('moves a podcast created before its owner had a username from its id address', async () => {
      const ownerId = app.newOwner();
      const podcast = await createAs(ownerId, null, 'Early Show');

      await app.processed(await app.changeUsername(ownerId, 'early_bird', 'early'));

      expect(await getPodcast(ownerId, podcast.id)).toMatchObject({
        ownerUsername: 'early_bird',
        podcastGuid: podcast.podcastGuid,
      });
      const event = await waitFor('catalog.podcast.updated', () =>
        app.podcastUpdatedEvents.find((envelope) => envelope.payload.podcastId === podcast.id),
      );
      expect(event.payload.previousAddress).toEqual({ ownerUsername: null, slug: podcast.slug });
    });

    it('announces nothing again for the same change delivered twice, or a change to the name the podcasts have', async () => {
      const ownerId = app.newOwner();
      const podcast = await createAs(ownerId, 'rob', 'Once Show');
      const change = await app.changeUsername(ownerId, 'robin', 'rob');
      await app.processed(change);

      await app.bus.publish(change);
      await app.processed(await app.changeUsername(ownerId, 'robin', 'rob'));

      expect(await app.outboxRows('catalog.podcast.updated', 'podcastId', podcast.id)).toHaveLength(1);
    });
  });
});
