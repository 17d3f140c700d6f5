import { MikroORM } from '@mikro-orm/postgresql';
import type { Provider as NestProvider } from '@nestjs/common';
import pg from 'pg';
import { allInOneEnv, APP_CONFIG, loadConfig, oidcSettings, type AppConfig } from '@castbase/platform-config';
import { DATABASE_CONNECTION, type PersistenceRootOptions } from '@castbase/platform-persistence';
import { ATTEMPT_LIMITS_CLIENT, AttemptLimits } from './accounts/attempt-limits.js';
import { LocalAccountEraser } from './accounts/local-account-eraser.js';
import { LocalAccounts } from './accounts/local-accounts.js';
import { PasswordResets } from './accounts/password-resets.js';
import { OidcRoutes } from './interactions/oidc-routes.js';
import { AccountMailer } from './mail/account-mailer.js';
import { createOidcProvider } from './provider/create-provider.js';
import { OidcHttpMount } from './provider/oidc-http-mount.js';
import { OIDC_CONFIG, OIDC_PROVIDER, OIDC_SETTINGS } from './provider/oidc-tokens.js';
import { providerSettings, type ProviderSettings } from './provider/provider-settings.js';

/**
 * Add to the identity module's providers: the built-in OpenID Connect provider (mounted at PUBLIC_URL/oidc
 * unless OIDC_ISSUER_URL names an external issuer), its local accounts and `LocalAccountEraser`.
 */
export const OIDC_PROVIDERS: NestProvider[] = [
  {
    provide: OIDC_CONFIG,
    inject: [{ token: APP_CONFIG, optional: true }],
    // A test module without the runtime's APP_CONFIG gets the defaults of an empty environment.
    useFactory: (config: AppConfig | undefined) => config ?? loadConfig(allInOneEnv, {}),
  },
  {
    provide: OIDC_SETTINGS,
    inject: [OIDC_CONFIG],
    useFactory: (config: AppConfig) => providerSettings(config),
  },
  {
    provide: AttemptLimits,
    inject: [DATABASE_CONNECTION],
    // A small pool of its own: rate-limiter-flexible speaks to node-postgres directly.
    useFactory: (connection: PersistenceRootOptions) =>
      new AttemptLimits(
        new pg.Pool({ connectionString: connection.url, max: 2, application_name: ATTEMPT_LIMITS_CLIENT }),
      ),
  },
  LocalAccounts,
  AccountMailer,
  PasswordResets,
  LocalAccountEraser,
  {
    provide: OIDC_PROVIDER,
    // MikroORM first: its factory has applied the migrations (where MIGRATE_ON_START says so).
    inject: [OIDC_CONFIG, MikroORM, OIDC_SETTINGS, LocalAccounts],
    useFactory: (config: AppConfig, orm: MikroORM, settings: ProviderSettings, accounts: LocalAccounts) =>
      oidcSettings(config).builtIn ? createOidcProvider(orm.em, config, settings, accounts) : null,
  },
  OidcRoutes,
  OidcHttpMount,
];
