import { AnalyticsModule } from '@castbase/analytics';
import { CatalogModule } from '@castbase/catalog';
import { FeedsModule } from '@castbase/feeds';
import { configureGatewayHttp, GatewayModule } from '@castbase/gateway';
import { IdentityModule } from '@castbase/identity';
import { MediaModule } from '@castbase/media';
import { MonetizationModule } from '@castbase/monetization';
import { SocialModule } from '@castbase/social';
import { oidcSettings, type AppConfig } from '@castbase/platform-config';
import { runProcess, type RunningProcess } from '@castbase/platform-runtime';

/**
 * The gateway's view of the configuration: with the built-in provider in this very process, its keys are fetched
 * over loopback rather than through PUBLIC_URL (which a proxy in front may not let the process reach).
 */
function gatewayConfig(config: AppConfig): AppConfig {
  const { builtIn, issuer } = oidcSettings(config);
  if (config.OIDC_JWKS_URL || !builtIn) return config;
  return { ...config, OIDC_JWKS_URL: `http://127.0.0.1:${config.PORT}${new URL(issuer).pathname}/jwks` };
}

/** The gateway and every service in one process: what `npm start` runs, on embedded defaults. */
export function runAllInOne(env: NodeJS.ProcessEnv = process.env): Promise<RunningProcess> {
  return runProcess(
    {
      service: 'all-in-one',
      embedded: true,
      modules: (config) => [
        GatewayModule.forRoot(gatewayConfig(config)),
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
