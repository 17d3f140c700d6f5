/** Spec 1 §4/§9: the callback's retry and redirect timings. */
export const CALLBACK_MAX_RETRIES = 3;
export const CALLBACK_START_DELAY_MS = 100;
export const CALLBACK_RETRY_DELAY_MS = 1000;
export const CALLBACK_REDIRECT_DELAY_MS = 3000;
/** Silent token renewal gives up after this long. */
export const TOKEN_TIMEOUT_MS = 10_000;

export const callbackMessages = {
  pageTitle: 'Signing in',
  authenticating: 'Authenticating...',
  settingUp: 'Setting up your account...',
  databaseConnected: 'Database connected, checking account...',
  almostReady: 'Almost ready, finalizing setup...',
  maxRetries: 'Maximum retry attempts reached. Please refresh the page or try logging in again.',
  userInfoMissing: 'User information not available. Please try logging in again.',
  databaseFailed: (reason: string) => `Database connection failed: ${reason}`,
  providerError: (error: string, description: string) =>
    `Authentication Error: ${error}${description ? ` - ${description}` : ''}`,
  tryAgain: (attempt: number) => `Try Again (${attempt}/${CALLBACK_MAX_RETRIES})`,
} as const;

export type CallbackErrorBehaviour = 'retry' | 'blocking' | 'continue' | 'none';

export interface CallbackError {
  message: string;
  /** retry: Try Again offered; blocking: only Back to Home; continue: not blocking, no retry; none: as-is. */
  behaviour: CallbackErrorBehaviour;
}

const RULES: ReadonlyArray<{ match: RegExp; message: string; behaviour: CallbackErrorBehaviour }> = [
  {
    match: /network|fetch|connection/i,
    message: 'Network connection error. Please check your internet connection.',
    behaviour: 'retry',
  },
  {
    match: /database|sql/i,
    message: 'Database connection error. Please try again in a moment.',
    behaviour: 'retry',
  },
  {
    match: /auth|unauthorized|token|forbidden/i,
    message: 'Authentication error. Please log out and log back in.',
    behaviour: 'blocking',
  },
  {
    match: /user not found/i,
    message: 'Failed to create user profile. This may be a temporary issue.',
    behaviour: 'none',
  },
  {
    match: /duplicate|already exists/i,
    message: 'Data already exists. This might be expected - trying to continue.',
    behaviour: 'continue',
  },
  {
    match: /validation|invalid/i,
    message: 'Data validation error. Please check your information.',
    behaviour: 'none',
  },
];

/** The callback's mapping table (spec 1 §8): by the content of the message, first match wins. */
export function mapCallbackError(message: string): CallbackError {
  const rule = RULES.find((candidate) => candidate.match.test(message));
  return rule ? { message: rule.message, behaviour: rule.behaviour } : { message, behaviour: 'none' };
}

/** Identity errors a silent renewal can meet (spec 1 §6): these three mean "sign in again". */
export const LOGIN_REQUIRED_ERRORS = ['login_required', 'consent_required', 'interaction_required'] as const;

export function classifyTokenError(error: string | undefined): 'login_required' | 'token_failed' {
  return (LOGIN_REQUIRED_ERRORS as readonly string[]).includes(error ?? '')
    ? 'login_required'
    : 'token_failed';
}
