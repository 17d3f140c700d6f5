import * as client from 'openid-client';
import type { BrowserResponse, TestBrowser } from './test-browser.js';

export type TokenResponse = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

/** An authorization request under way: the page it reached, and the exchange of the code it ends with. */
export interface PendingAuthorization {
  page: BrowserResponse;
  /** Follows `response` to the redirect URI and exchanges its code (with the PKCE verifier) for tokens. */
  exchange(response: BrowserResponse): Promise<TokenResponse>;
}

/** An authorization request's URL, and the exchange of the code its callback brings. */
export interface AuthorizationRequest {
  url: string;
  exchange(callbackUrl: string): Promise<TokenResponse>;
}

/** The web app's side of sign-in, played by openid-client: a public client with PKCE. */
export class TestWebClient {
  private constructor(
    readonly config: client.Configuration,
    readonly redirectUri: string,
  ) {}

  static async discover(issuer: string, clientId: string, redirectUri: string): Promise<TestWebClient> {
    const config = await client.discovery(new URL(issuer), clientId, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
    return new TestWebClient(config, redirectUri);
  }

  /** A new authorization request (PKCE S256, state) for the API scopes, with `parameters` on top. */
  async authorizationRequest(parameters: Record<string, string> = {}): Promise<AuthorizationRequest> {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(this.config, {
      redirect_uri: this.redirectUri,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...parameters,
    });
    return {
      url: url.href,
      exchange: (callbackUrl) =>
        client.authorizationCodeGrant(this.config, new URL(callbackUrl), {
          pkceCodeVerifier: verifier,
          expectedState: state,
        }),
    };
  }

  /** Opens a new authorization request in `browser`; the page it reached, and the code exchange to finish. */
  async authorize(
    browser: TestBrowser,
    parameters: Record<string, string> = {},
  ): Promise<PendingAuthorization> {
    const request = await this.authorizationRequest(parameters);
    const atCallback = (target: string) => target.startsWith(this.redirectUri);
    const page = await browser.open(request.url, atCallback);
    return {
      page,
      exchange: async (response) => {
        const landed = await browser.follow(response, atCallback);
        if (!landed.location || !atCallback(landed.location))
          throw new Error(
            `sign-in did not reach ${this.redirectUri}: ${landed.status} ${landed.body.slice(0, 1500)}`,
          );
        return request.exchange(landed.location);
      },
    };
  }

  refresh(refreshToken: string): Promise<TokenResponse> {
    return client.refreshTokenGrant(this.config, refreshToken);
  }

  endSessionUrl(idToken: string, postLogoutRedirectUri: string): string {
    return client.buildEndSessionUrl(this.config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: postLogoutRedirectUri,
    }).href;
  }
}
