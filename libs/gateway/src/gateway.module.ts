import { Module, type DynamicModule } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { AuthModule } from '@castbase/platform-auth';
import type { AppConfig } from '@castbase/platform-config';
import { AuthConfigController } from './auth-config/auth-config.controller.js';
import { ChaptersController } from './chapters/chapters.controller.js';
import { ContributorsController } from './contributors/contributors.controller.js';
import { AnalyticsController } from './analytics/analytics.controller.js';
import { AnalyticsExportController } from './analytics/export/analytics-export.controller.js';
import { FeedAnalyticsController } from './analytics/feed-analytics.controller.js';
import { DirectoriesController } from './directories/directories.controller.js';
import { EpisodeLifecycleController } from './episodes/episode-lifecycle.controller.js';
import { EpisodesController } from './episodes/episodes.controller.js';
import { FeedTestsController } from './feed-tests/feed-tests.controller.js';
import { FeedImportController } from './feed-import/feed-import.controller.js';
import { AccountDeletionController } from './identity/account-deletion.controller.js';
import { AccountExportController } from './identity/account-export.controller.js';
import { OnboardingController } from './identity/onboarding.controller.js';
import { ProfileController } from './identity/profile.controller.js';
import { SettingsController } from './identity/settings.controller.js';
import { UnsubscribeController } from './identity/unsubscribe.controller.js';
import { MediaController } from './media/media.controller.js';
import { OembedController } from './oembed/oembed.controller.js';
import { PodcastsController } from './podcasts/podcasts.controller.js';
import { PublicHtmlShell } from './public-pages/html-shell.js';
import { PublicPageReader } from './public-pages/public-page-reader.js';
import { PublicPagesApiController } from './public-pages/public-pages-api.controller.js';
import { PublicPagesHtmlController } from './public-pages/public-pages-html.controller.js';
import { RemoteModule } from './remote/remote.module.js';
import { NON_SPA_PATHS, resolveWebDist } from './web/web-app.js';

/** The public face: the web app, the /api REST surface, token verification and the error mapping. */
@Module({})
export class GatewayModule {
  static forRoot(config: AppConfig): DynamicModule {
    const webDist = resolveWebDist(config.WEB_DIST_DIR);
    return {
      module: GatewayModule,
      imports: [
        AuthModule.forConfig(config),
        RemoteModule,
        ...(webDist ? [ServeStaticModule.forRoot({ rootPath: webDist, exclude: NON_SPA_PATHS })] : []),
      ],
      controllers: [
        PodcastsController,
        FeedImportController,
        ContributorsController,
        EpisodesController,
        EpisodeLifecycleController,
        MediaController,
        AuthConfigController,
        ProfileController,
        OnboardingController,
        SettingsController,
        UnsubscribeController,
        AccountExportController,
        AccountDeletionController,
        PublicPagesApiController,
        PublicPagesHtmlController,
        OembedController,
        ChaptersController,
        AnalyticsController,
        FeedAnalyticsController,
        AnalyticsExportController,
        DirectoriesController,
        FeedTestsController,
      ],
      providers: [PublicHtmlShell, PublicPageReader],
    };
  }
}
