import { z } from 'zod';

/**
 * Where the visitor goes after signing in travels through the identity provider in the OIDC `state`; once the
 * callback has read it, it is kept for this tab so a retried or reloaded callback page still knows it.
 */
export const SIGN_IN_RETURN_KEY = 'castbase.signInReturnTo';

/** A path inside the app ('/…', never '//host'). */
const appPathSchema = z
  .string()
  .regex(/^\/(?!\/)/)
  .max(2000);

export const signInStateSchema = z.object({ returnTo: appPathSchema });
export type SignInState = z.infer<typeof signInStateSchema>;

export function signInState(returnTo: string): SignInState {
  const parsed = appPathSchema.safeParse(returnTo);
  return { returnTo: parsed.success ? parsed.data : '/' };
}

/** Keeps the `returnTo` of a completed sign-in's state (anything else in the state is ignored). */
export function rememberSignInReturn(state: unknown): void {
  const parsed = signInStateSchema.safeParse(state);
  try {
    if (parsed.success) window.sessionStorage.setItem(SIGN_IN_RETURN_KEY, parsed.data.returnTo);
    else window.sessionStorage.removeItem(SIGN_IN_RETURN_KEY);
  } catch {
    // Without session storage the callback routes as if no return path was asked for.
  }
}

export function readSignInReturnTo(): string | null {
  try {
    const stored = window.sessionStorage.getItem(SIGN_IN_RETURN_KEY);
    return stored !== null && appPathSchema.safeParse(stored).success ? stored : null;
  } catch {
    return null;
  }
}

/** Spent once the callback has routed the visitor, so a later visit to /callback does not reuse it. */
export function forgetSignInReturnTo(): void {
  try {
    window.sessionStorage.removeItem(SIGN_IN_RETURN_KEY);
  } catch {
    // Without session storage there is nothing to forget.
  }
}
