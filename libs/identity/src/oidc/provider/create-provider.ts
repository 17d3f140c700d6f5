import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { AppConfig } from '@castbase/platform-config';
import type { LocalAccounts } from '../accounts/local-accounts.js';
import type { PageContext } from '../pages/layout.js';
import { errorPage, signedOutPage, signingOutPage } from '../pages/provider-pages.js';
import { PostgresOidcAdapter } from './postgres-oidc-adapter.js';
import { providerConfiguration, type ProviderPages } from './provider-configuration.js';
import { loadProviderKeys } from './provider-keys.js';
import type { ProviderSettings } from './provider-settings.js';

function providerPages(context: PageContext): ProviderPages {
  const render = (ctx: KoaContextWithOIDC, body: string) => {
    ctx.type = 'html';
    ctx.set('cache-control', 'no-store');
    ctx.body = body;
  };
  return {
    logout: (ctx, form) => render(ctx, signingOutPage(context, form)),
    signedOut: (ctx) => render(ctx, signedOutPage(context)),
    error: (ctx, message) => render(ctx, errorPage(context, message)),
  };
}

/** The built-in OpenID Connect provider on the identity database, with the keys kept there (or configured). */
export async function createOidcProvider(
  em: EntityManager,
  config: AppConfig,
  settings: ProviderSettings,
  accounts: LocalAccounts,
): Promise<Provider> {
  const logger = new Logger('identity:oidc');
  const provider = new Provider(
    settings.issuer,
    providerConfiguration({
      settings,
      keys: await loadProviderKeys(em, config),
      adapter: (model: string) => new PostgresOidcAdapter(model, em),
      findAccount: (id) => accounts.findById(id),
      pages: providerPages({ mountPath: settings.mountPath, homeHref: `${settings.publicUrl}/` }),
    }),
  );
  // Behind the gateway or an Ingress: the mount normalises X-Forwarded-* from what Express trusts (TRUST_PROXY).
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, error: Error) => logger.error(error.stack ?? error.message));
  return provider;
}
