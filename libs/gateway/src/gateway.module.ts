import { Module, type DynamicModule } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { AuthModule } from '@castbase/platform-auth';
import type { AppConfig } from '@castbase/platform-config';
import { EpisodesController } from './episodes/episodes.controller.js';
import { MediaController } from './media/media.controller.js';
import { PodcastsController } from './podcasts/podcasts.controller.js';
import { NON_SPA_PATHS, resolveWebDist } from './web/web-app.js';

/** The public face: the web app, the /api REST surface, token verification and the error mapping. */
@Module({})
export class GatewayModule {
  static forRoot(config: AppConfig): DynamicModule {
    const webDist = resolveWebDist(config.WEB_DIST_DIR);
    return {
      module: GatewayModule,
      imports: [
        AuthModule.forRoot({
          issuerUrl: config.OIDC_ISSUER_URL,
          jwksUrl: config.OIDC_JWKS_URL,
          audience: config.OIDC_AUDIENCE,
          devSigningKey: config.AUTH_DEV_SIGNING_KEY,
        }),
        ...(webDist ? [ServeStaticModule.forRoot({ rootPath: webDist, exclude: NON_SPA_PATHS })] : []),
      ],
      controllers: [PodcastsController, EpisodesController, MediaController],
    };
  }
}
