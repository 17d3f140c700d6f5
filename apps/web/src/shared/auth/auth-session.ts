import { z } from 'zod';
import type { AuthUser } from './auth-context.js';

/**
 * Where the session comes from. For now an access token kept in sessionStorage (the gateway verifies it); the
 * OpenID Connect sign-in replaces the inside of these functions and nothing else.
 */
export const ACCESS_TOKEN_STORAGE_KEY = 'castbase.accessToken';

export interface AuthSession {
  accessToken: string;
  user: AuthUser;
}

const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  name: z.string().optional(),
  preferred_username: z.string().optional(),
  exp: z.number().optional(),
});

export function restoreSession(): Promise<AuthSession | null> {
  const accessToken = readStoredToken();
  if (!accessToken) return Promise.resolve(null);
  const claims = accessTokenClaimsSchema.safeParse(decodeJwtPayload(accessToken));
  const expired = claims.success && claims.data.exp !== undefined && claims.data.exp * 1000 <= Date.now();
  if (!claims.success || expired) {
    forgetStoredToken();
    return Promise.resolve(null);
  }
  const { sub, email, name, preferred_username } = claims.data;
  const displayName = name ?? preferred_username;
  return Promise.resolve({
    accessToken,
    user: { id: sub, ...(email ? { email } : {}), ...(displayName ? { name: displayName } : {}) },
  });
}

export function startSignIn(returnTo: string): void {
  window.location.assign(`/login?returnTo=${encodeURIComponent(returnTo)}`);
}

export function endSession(): void {
  forgetStoredToken();
  window.location.assign('/?logout=true');
}

function readStoredToken(): string | null {
  try {
    return window.sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function forgetStoredToken(): void {
  try {
    window.sessionStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); there is then nothing to forget.
  }
}

/** Reads a JWT's claims without verifying the signature; only the gateway's verification counts. */
function decodeJwtPayload(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}
