import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogEvents, type Episode, type Podcast } from '@castbase/contracts';
import { newEventId } from '@castbase/platform-messaging';
import { waitFor } from '@castbase/platform-testing';
import { anEpisode } from '../testing/feed-fixtures.js';
import { startFeedsTestApp, type FeedsTestApp } from '../testing/feeds-test-app.js';

describe('feeds service: the feed follows the catalog changes after publishing', () => {
  let app: FeedsTestApp;

  beforeAll(async () => {
    app = await startFeedsTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** The served main feed and the item count the RSS status keeps, once its generation has committed. */
  const storedFeed = async (podcastId: string) => {
    const [row] = await app.rows(
      'select episode_count, generated_at from feeds.feed_podcasts where podcast_id = ?',
      [podcastId],
    );
    const podcast = app.catalog.get(podcastId)?.podcast;
    if (!row || row['generated_at'] === null || !podcast) return undefined;
    const served = await app.fetchFeed(podcast);
    return { xml: served.body.toString('utf8'), episodeCount: Number(row['episode_count']) };
  };
  const regenerations = async (podcastId: string) =>
    (
      await app.rows(
        "select id from feeds.outbox_messages where subject = 'feeds.feed.regenerated' and payload->>'podcastId' = ?",
        [podcastId],
      )
    ).length;

  /** A podcast with one published episode, its feed rendered by the time this returns. */
  async function renderedPodcast(): Promise<{ podcast: Podcast; episode: Episode }> {
    const podcast = app.catalogPodcast(app.newOwner(), 'ada');
    const episode = app.catalog.get(podcast.id)?.episodes[0] as Episode;
    await app.podcastCreated(podcast);
    await waitFor('the first feed', async () => (await storedFeed(podcast.id))?.episodeCount === 1);
    return { podcast, episode };
  }

  const fact = (podcast: Podcast, episode: Episode) => ({
    episodeId: episode.id,
    podcastId: podcast.id,
    ownerId: podcast.ownerId,
  });

  it('renders the channel again when the podcast settings are saved (catalog.podcast.updated)', async () => {
    const { podcast } = await renderedPodcast();
    const renamed = { ...podcast, name: 'Renamed After Settings' };
    app.catalog.set(podcast.id, { podcast: renamed, episodes: app.catalog.get(podcast.id)?.episodes ?? [] });

    await app.publish(catalogEvents.podcastUpdated, {
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      slug: podcast.slug,
    });

    await waitFor('the new name in the feed', async () =>
      (await storedFeed(podcast.id))?.xml.includes('<title>Renamed After Settings</title>'),
    );
  });

  it('takes an unpublished episode out of the feed (catalog.episode.unpublished)', async () => {
    const { podcast, episode } = await renderedPodcast();
    app.catalog.set(podcast.id, { podcast, episodes: [] });

    await app.publish(catalogEvents.episodeUnpublished, fact(podcast, episode));

    await waitFor(
      'the episode to leave the feed',
      async () => (await storedFeed(podcast.id))?.episodeCount === 0,
    );
  });

  it('takes a deleted episode out of the feed (catalog.episode.deleted)', async () => {
    const { podcast, episode } = await renderedPodcast();
    app.catalog.set(podcast.id, { podcast, episodes: [] });

    await app.publish(catalogEvents.episodeDeleted, { ...fact(podcast, episode), releasedMediaIds: [] });

    await waitFor(
      'the episode to leave the feed',
      async () => (await storedFeed(podcast.id))?.episodeCount === 0,
    );
  });

  it("renders an edited episode's item again (catalog.episode.updated)", async () => {
    const { podcast, episode } = await renderedPodcast();
    const edited = anEpisode({ ...episode, title: 'Edited Title After Publishing' });
    app.catalog.set(podcast.id, { podcast, episodes: [edited] });

    await app.publish(catalogEvents.episodeUpdated, { ...fact(podcast, episode), status: 'published' });

    await waitFor('the edited title in the feed', async () =>
      (await storedFeed(podcast.id))?.xml.includes('Edited Title After Publishing'),
    );
  });

  it('renders once for an event delivered twice, and goes on when the podcast is gone', async () => {
    const { podcast, episode } = await renderedPodcast();
    const before = await regenerations(podcast.id);
    const now = new Date();
    const envelope = {
      id: newEventId(now.getTime()),
      subject: catalogEvents.episodeUpdated.subject,
      occurredAt: now.toISOString(),
      payload: { ...fact(podcast, episode), status: 'published' as const },
    };

    await app.bus.publish(envelope);
    await app.bus.publish(envelope);
    await waitFor('the event to be processed', async () => {
      const processed = await app.rows('select 1 from feeds.processed_events where event_id = ?', [
        envelope.id,
      ]);
      return processed.length === 1;
    });
    await waitFor('its generation', async () => (await regenerations(podcast.id)) === before + 1);
    await waitFor('nothing left to generate', async () => {
      const [row] = await app.rows(
        'select changes_heard, changes_generated from feeds.feed_podcasts where podcast_id = ?',
        [podcast.id],
      );
      return row?.['changes_heard'] === row?.['changes_generated'];
    });
    expect(await regenerations(podcast.id)).toBe(before + 1);

    // A podcast deleted since the event has no feed to render: the event is done, not retried for ever.
    app.catalog.delete(podcast.id);
    const late = await app.publish(catalogEvents.episodeDeleted, {
      ...fact(podcast, episode),
      releasedMediaIds: [],
    });
    await waitFor(
      'the late event to be processed',
      async () =>
        (await app.rows('select 1 from feeds.processed_events where event_id = ?', [late])).length === 1,
    );
    await waitFor(
      'nothing kept about a podcast the catalog no longer has',
      async () =>
        (await app.rows('select 1 from feeds.feed_podcasts where podcast_id = ?', [podcast.id])).length === 0,
    );
    expect(await regenerations(podcast.id)).toBe(before + 1);
  });
});
