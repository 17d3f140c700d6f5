import { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Account } from '../database/account.entity.js';
import type { ProviderKeys } from './provider-keys.js';
import type { ProviderSettings } from './provider-settings.js';

/** Scopes of the web app; offline_access only matters to external issuers (refresh tokens are issued anyway). */
export const CLIENT_SCOPE = 'openid profile email offline_access';
/** Scopes an access token for the API carries. */
const API_SCOPE = 'openid profile email';
const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const DAY = 24 * 60 * 60;

export interface ProviderPages {
  logout(ctx: KoaContextWithOIDC, form: string): void;
  signedOut(ctx: KoaContextWithOIDC): void;
  error(ctx: KoaContextWithOIDC, message: string): void;
}

export interface ProviderDependencies {
  settings: ProviderSettings;
  keys: ProviderKeys;
  adapter: NonNullable<Configuration['adapter']>;
  findAccount(id: string): Promise<Account | null>;
  pages: ProviderPages;
}

/** OIDC "create" prompt (prompt=create opens sign-up), before the standard login and consent prompts. */
function interactionPolicyWithCreate() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  return policy;
}

function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The oidc-provider configuration of the built-in provider: one first-party public client, JWT access tokens. */
export function providerConfiguration(deps: ProviderDependencies): Configuration {
  const { settings, keys, pages } = deps;
  const isWebApp = (clientId: string | undefined) => clientId === settings.clientId;
  return {
    adapter: deps.adapter,
    jwks: keys.jwks,
    cookies: {
      keys: keys.cookieKeys,
      names: {
        session: 'castbase_oidc',
        interaction: 'castbase_oidc_interaction',
        resume: 'castbase_oidc_resume',
      },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: settings.clientId,
        client_name: 'Castbase',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: settings.redirectUris,
        post_logout_redirect_uris: settings.postLogoutRedirectUris,
        scope: CLIENT_SCOPE,
      },
    ],
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['updated_at'] },
    // ID tokens carry the claims of the granted scopes (not only the userinfo endpoint).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    extraParams: ['screen_hint'],
    interactions: {
      policy: interactionPolicyWithCreate(),
      url: (_ctx, interaction) => `${settings.mountPath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => pages.logout(ctx, form),
        postLogoutSuccessSource: async (ctx) => pages.signedOut(ctx),
      },
      resourceIndicators: {
        enabled: true,
        // Requests without `resource` are for the API: their access tokens are JWTs the gateway verifies.
        defaultResource: async () => settings.apiResource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== settings.apiResource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: settings.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The web app gets refresh tokens without having to ask for offline_access with prompt=consent.
    issueRefreshToken: async (_ctx, client) =>
      isWebApp(client.clientId) && client.grantTypeAllowed('refresh_token'),
    // The first-party web app is granted everything it may ask for: no consent screen.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const clientId = oidc.client?.clientId;
      const grantId =
        oidc.result?.consent?.grantId ?? (clientId ? oidc.session?.grantIdFor(clientId) : undefined);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (existing || !isWebApp(clientId) || !oidc.session?.accountId) return existing;
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(CLIENT_SCOPE);
      grant.addResourceScope(settings.apiResource, API_SCOPE);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const account = await deps.findAccount(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerified,
          updated_at: epochSeconds(account.updatedAt),
        }),
      };
    },
    // The gateway reads the caller's e-mail from the access token.
    extraTokenClaims: async (_ctx, token) => {
      const account =
        'accountId' in token && token.accountId ? await deps.findAccount(token.accountId) : null;
      return account ? { email: account.email, email_verified: account.emailVerified } : undefined;
    },
    clientBasedCORS: (_ctx, origin, client) =>
      isWebApp(client.clientId) && settings.webOrigins.includes(origin),
    renderError: async (ctx, out) => pages.error(ctx, out.error_description ?? out.error),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      // A rotated refresh token keeps its family's remaining lifetime: sign in again after 14 days at the latest.
      RefreshToken: (ctx) =>
        (ctx as KoaContextWithOIDC | undefined)?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY,
    },
  };
}
