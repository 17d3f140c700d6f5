import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  DomainError,
  publicEpisodePageSchema,
  publicPodcastPageSchema,
  publicPodcastQuerySchema,
  type PublicEpisodePage,
  type PublicPodcastPage,
} from '@castbase/contracts';
import { Public } from '@castbase/platform-auth';
import { ApiZodQuery, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { PUBLIC_PAGE_CACHE_CONTROL } from './public-cache.js';
import { PublicPageReader } from './public-page-reader.js';

const pageQuerySchema = publicPodcastQuerySchema.omit({ name: true });

/**
 * What the public pages' client code reads when it navigates (the server-rendered pages carry their data): no
 * sign-in, published episodes of public podcasts only. Anything else is 404, the same whatever the reason.
 */
@ApiTags('public pages')
@Controller('api/public')
export class PublicPagesApiController {
  constructor(private readonly pages: PublicPageReader) {}

  @Public()
  @Get('episodes/:episodeId')
  @Header('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL)
  @ApiZodResponse(
    publicEpisodePageSchema,
    'A published episode of a public podcast, with its podcast and its public creator card',
  )
  episode(
    @Param('episodeId', new ZodPipe(z.uuid(), 'EPISODE_NOT_FOUND')) episodeId: string,
  ): Promise<PublicEpisodePage> {
    return this.pages.episodePage(episodeId);
  }

  @Public()
  @Get('podcasts/:name')
  @Header('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL)
  @ApiZodQuery(pageQuerySchema)
  @ApiZodResponse(
    publicPodcastPageSchema,
    'A public podcast (by id or owner username) and a page of its episodes',
  )
  podcast(
    @Param('name') name: string,
    @Query(new ZodPipe(pageQuerySchema)) query: z.output<typeof pageQuerySchema>,
  ): Promise<PublicPodcastPage> {
    if (!publicPodcastQuerySchema.shape.name.safeParse(name).success)
      throw new DomainError('PODCAST_NOT_FOUND');
    return this.pages.podcastPage({ name, ...query });
  }
}
