import { Controller, Get, Inject, Logger, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { isDomainError, publicPodcastQuerySchema } from '@castbase/contracts';
import { Public } from '@castbase/platform-auth';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { renderEpisodePage } from './episode-page-html.js';
import { PublicHtmlShell, type RenderedPage } from './html-shell.js';
import { renderProblemPage } from './not-found-page.js';
import { PageUrls } from './page-urls.js';
import { renderPodcastPage } from './podcast-page-html.js';
import { NOT_FOUND_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from './public-cache.js';
import { PublicPageReader } from './public-page-reader.js';

const episodeId = z.uuid();

/**
 * `/episode/{id}` and `/podcast/{username or id}` rendered on the server: the web app's index.html with the page's
 * head (OpenGraph, Twitter card, JSON-LD) and readable content, for link previews and crawlers that run no
 * JavaScript; the app then renders the page from the data in it. Registered as routes, so they answer before the
 * single-page-app fallback does.
 */
@ApiExcludeController()
@Controller()
export class PublicPagesHtmlController {
  private readonly logger = new Logger(PublicPagesHtmlController.name);
  private readonly urls: PageUrls;

  constructor(
    private readonly pages: PublicPageReader,
    private readonly shell: PublicHtmlShell,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.urls = new PageUrls(config.PUBLIC_URL);
  }

  @Public()
  @Get('episode/:episodeId')
  async episode(@Param('episodeId') id: string, @Res() response: Response): Promise<void> {
    if (!episodeId.safeParse(id).success) return this.problem(response, 'episode', 404);
    await this.answer(response, 'episode', async () =>
      renderEpisodePage(await this.pages.episodePage(id), this.urls),
    );
  }

  @Public()
  @Get('podcast/:name')
  async podcast(
    @Param('name') name: string,
    @Query() query: Record<string, unknown>,
    @Res() response: Response,
  ): Promise<void> {
    const parsed = publicPodcastQuerySchema.safeParse({ name, page: query['page'], season: query['season'] });
    if (!parsed.success) return this.problem(response, 'podcast', 404);
    await this.answer(response, 'podcast', async () => {
      const page = await this.pages.podcastPage(parsed.data);
      // A page past the last one does not exist (the first page of a podcast without episodes does).
      return page.page > Math.max(page.pageCount, 1) ? null : renderPodcastPage(name, page, this.urls);
    });
  }

  private async answer(
    response: Response,
    kind: 'episode' | 'podcast',
    render: () => Promise<RenderedPage | null>,
  ): Promise<void> {
    let page: RenderedPage | null;
    try {
      page = await render();
    } catch (error) {
      if (!isDomainError(error)) throw error;
      // Not found, and a malformed id or query, are the same 404; the bus failing is its own status (503/504).
      const status = error.status >= 500 ? error.status : 404;
      if (status >= 500) this.logger.warn(`public ${kind} page: ${error.code}`);
      return this.problem(response, kind, status);
    }
    if (!page) return this.problem(response, kind, 404);
    response
      .status(200)
      .setHeader('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL)
      .type('html')
      .send(this.shell.render(page));
  }

  private problem(response: Response, kind: 'episode' | 'podcast', status: number): void {
    response
      .status(status)
      .setHeader('Cache-Control', NOT_FOUND_CACHE_CONTROL)
      .type('html')
      .send(this.shell.render(renderProblemPage(kind, status)));
  }
}
