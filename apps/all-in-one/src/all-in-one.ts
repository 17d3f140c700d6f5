import { AnalyticsModule } from '@castbase/analytics';
import { CatalogModule } from '@castbase/catalog';
import { FeedsModule } from '@castbase/feeds';
import { configureGatewayHttp, GatewayModule } from '@castbase/gateway';
import { IdentityModule } from '@castbase/identity';
import { MediaModule } from '@castbase/media';
import { MonetizationModule } from '@castbase/monetization';
import { SocialModule } from '@castbase/social';
import { runProcess, type RunningProcess } from '@castbase/platform-runtime';

/** The gateway and every service in one process: what `npm start` runs, on embedded defaults. */
export function runAllInOne(env: NodeJS.ProcessEnv = process.env): Promise<RunningProcess> {
  return runProcess(
    {
      service: 'all-in-one',
      embedded: true,
      modules: (config) => [
        GatewayModule.forRoot(config),
        IdentityModule,
        CatalogModule,
        MediaModule,
        FeedsModule,
        AnalyticsModule,
        MonetizationModule,
        SocialModule,
      ],
      configureHttp: configureGatewayHttp,
    },
    env,
  );
}
