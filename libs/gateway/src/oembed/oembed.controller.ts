import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  DomainError,
  episodeIdOfPageUrl,
  oembedQuerySchema,
  oembedRichResponseSchema,
  publicCatalogRequests,
  type OembedRichResponse,
} from '@castbase/contracts';
import { Public } from '@castbase/platform-auth';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodQuery, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { oembedAnswer } from './oembed-answer.js';

const queryPipe = new ZodPipe(oembedQuerySchema);

/** oEmbed (https://oembed.com) for this site's episode pages, so platforms that read it embed the player. */
@ApiTags('oembed')
@Controller('api')
export class OembedController {
  private readonly origin: string;

  constructor(
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origin = new URL(config.PUBLIC_URL).origin;
  }

  /**
   * Anyone, from any site (CORS open, errors included): 400 without a url, 501 for a format other than json, 404
   * for an address that is not one of this site's published, public episodes.
   */
  @Public()
  @Get('oembed')
  @ApiZodQuery(oembedQuerySchema)
  @ApiZodResponse(oembedRichResponseSchema, "The embed player of the episode, as oEmbed 1.0 type 'rich'")
  async oembed(
    @Query() rawQuery: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OembedRichResponse> {
    response.setHeader('Access-Control-Allow-Origin', '*');
    const query = queryPipe.transform(rawQuery);
    if (query.format !== 'json') throw new DomainError('OEMBED_FORMAT_NOT_IMPLEMENTED');
    const episodeId = episodeIdOfPageUrl(query.url, this.origin);
    if (!episodeId) throw new DomainError('NOT_FOUND', 'Only episode pages of this site can be embedded');
    const page = await this.bus.request(publicCatalogRequests.getEpisodePage, { episodeId });
    return oembedAnswer(this.origin, page, query);
  }
}
