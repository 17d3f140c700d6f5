import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  catalogRequests,
  episodeListQuerySchema,
  type EpisodeListPage,
  type ParsedRequestOf,
} from '@castbase/contracts';
import type { AuthenticatedUser } from '@castbase/platform-auth';
import { InProcessBus } from '@castbase/platform-messaging';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { EpisodesController } from './episodes.controller.js';

type ListRequest = ParsedRequestOf<typeof catalogRequests.listEpisodes>;

const user: AuthenticatedUser = { id: 'user-1', email: null, username: null, name: null };
const podcastId = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const emptyPage: EpisodeListPage = {
  items: [],
  total: 0,
  page: 1,
  pageSize: 20,
  pageCount: 0,
  counts: { all: 0, draft: 0, scheduled: 0, published: 0 },
  seasons: [],
  nextEpisodeNumber: 1,
};

describe('GET /api/podcasts/:podcastId/episodes: the query string as the catalog gets it', () => {
  let bus: InProcessBus;
  let controller: EpisodesController;
  let asked: ListRequest[];
  const queryPipe = new ZodPipe(episodeListQuerySchema);

  beforeEach(async () => {
    asked = [];
    bus = new InProcessBus({ events: ALL_EVENTS, logger: pino({ level: 'silent' }) });
    controller = new EpisodesController(bus);
    await bus.respond(
      catalogRequests.listEpisodes,
      (request) => {
        asked.push(request);
        return emptyPage;
      },
      { queue: 'catalog' },
    );
  });

  afterEach(async () => {
    await bus.close();
  });

  it('turns the query-string texts into the filters, with the defaults, for the caller', async () => {
    const query = queryPipe.transform({
      search: '  deep dive ',
      inRss: 'false',
      explicit: 'true',
      season: '2',
      sort: 'title',
      page: '3',
    });

    await expect(controller.list(user, podcastId, query)).resolves.toEqual(emptyPage);

    expect(asked).toEqual([
      {
        userId: 'user-1',
        podcastId,
        query: {
          search: 'deep dive',
          inRss: false,
          explicit: true,
          season: 2,
          sort: 'title',
          page: 3,
          pageSize: 20,
        },
      },
    ]);
  });

  it('refuses an unknown sort or a page size over 100 with VALIDATION_FAILED before asking the catalog', () => {
    expect(() => queryPipe.transform({ sort: 'guid' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(() => queryPipe.transform({ pageSize: '500' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(asked).toEqual([]);
  });
});
