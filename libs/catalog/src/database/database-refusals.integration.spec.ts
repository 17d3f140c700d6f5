import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '@castbase/contracts';
import { CatalogModule } from '../catalog.module.js';
import { Episode } from '../episodes/episode.entity.js';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';
import { EpisodeVersion } from '../versions/episode-version.entity.js';
import { recordVersion } from '../versions/record-version.js';
import { withDatabaseRefusals } from './database-refusals.js';

/** PostgreSQL's own refusals, provoked for real, answered with the errors of spec 2 §8. */
describe('database refusals as the domain errors of spec 2 §8', () => {
  let app: CatalogTestApp;
  let em: () => EntityManager;

  beforeAll(async () => {
    app = await startCatalogTestApp();
    em = () => app.catalog.select(CatalogModule).get(EntityManager).fork();
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** A new episode written straight through the unit of work, as the handlers write one. */
  const insertEpisode = (podcastId: string, fields: Partial<Episode> = {}) =>
    withDatabaseRefusals(() =>
      em().transactional(async (transaction) => {
        const episode = transaction.create(Episode, {
          podcastId,
          ownerId: 'someone',
          title: 'Row',
          ...fields,
        });
        recordVersion(transaction, episode, 'someone');
      }),
    );

  it('answers a reference to a podcast that is not there (23503) with PODCAST_REFERENCE_INVALID', async () => {
    await expect(insertEpisode(randomUUID())).rejects.toMatchObject({
      code: 'PODCAST_REFERENCE_INVALID',
      message: 'Invalid podcast ID. Please ensure the podcast exists and you have access to it.',
    });
  });

  it('answers a unique violation (23505) with EPISODE_TITLE_TAKEN', async () => {
    const { episode } = await app.podcastWithEpisode({ withMedia: false });

    const repeatVersionOne = withDatabaseRefusals(() =>
      em().transactional(async (transaction) => {
        const stored = await transaction.findOneOrFail(EpisodeVersion, { episodeId: episode.id });
        transaction.create(EpisodeVersion, { ...stored, id: randomUUID() });
      }),
    );

    await expect(repeatVersionOne).rejects.toMatchObject({
      code: 'EPISODE_TITLE_TAKEN',
      message: 'Episode with this title already exists. Please choose a different title.',
    });
  });

  it('answers a missing privilege (42501) with DATABASE_PERMISSION_DENIED', async () => {
    const { podcast } = await app.podcastWithEpisode({ withMedia: false });

    // A role that may read everything and write nothing: what a misconfigured database grant looks like.
    const withoutWriteGrant = withDatabaseRefusals(() =>
      em().transactional(async (transaction) => {
        await transaction.execute('set local role pg_read_all_data');
        transaction.create(Episode, { podcastId: podcast.id, ownerId: 'someone', title: 'Denied' });
      }),
    );

    await expect(withoutWriteGrant).rejects.toMatchObject({
      code: 'DATABASE_PERMISSION_DENIED',
      message:
        'Row Level Security (RLS) policy violation. Please check your database permissions or contact support.',
    });
  });

  it("answers any other refusal with DATABASE_ERROR 'Database error: {message}'", async () => {
    const { podcast } = await app.podcastWithEpisode({ withMedia: false });

    const refusal = await insertEpisode(podcast.id, { plays: -1 }).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'DATABASE_ERROR' });
    expect((refusal as DomainError).message).toBe(
      'Database error: new row for relation "episodes" violates check constraint "episodes_plays_check"',
    );
  });

  it('lets errors that are not the database’s pass as they are', async () => {
    const bug = new TypeError('not a database refusal');

    await expect(withDatabaseRefusals(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});
