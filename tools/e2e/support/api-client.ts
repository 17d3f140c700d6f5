import { mintDevAccessToken } from '@castbase/platform-auth';
import { requireTestEnv } from '@castbase/platform-testing';

export interface TestUser {
  id: string;
  username: string;
  token: string;
}

export async function createTestUser(username: string): Promise<TestUser> {
  const id = `user-${username}-${Math.random().toString(36).slice(2, 8)}`;
  const token = await mintDevAccessToken(requireTestEnv('devSigningKey'), {
    sub: id,
    preferred_username: username,
    email: `${username}@example.com`,
  });
  return { id, username, token };
}

/** A small JSON client for the gateway's /api, as a creator's browser would call it. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly user?: TestUser,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  as(user: TestUser): ApiClient {
    return new ApiClient(this.baseUrl, user, this.extraHeaders);
  }

  /** The same client, sending these headers too (e.g. a W3C traceparent). */
  withHeaders(headers: Record<string, string>): ApiClient {
    return new ApiClient(this.baseUrl, this.user, { ...this.extraHeaders, ...headers });
  }

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...this.extraHeaders,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.user ? { authorization: `Bearer ${this.user.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const { status, body: result } = await this.call<T>(method, path, body);
    if (status >= 400) throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(result)}`);
    return result;
  }
}
