import {
  CALLBACK_MAX_RETRIES,
  CALLBACK_REDIRECT_DELAY_MS,
  CALLBACK_RETRY_DELAY_MS,
  CALLBACK_START_DELAY_MS,
  callbackMessages,
  classifyTokenError,
  mapCallbackError,
  TOKEN_TIMEOUT_MS,
} from './callback-errors.js';

describe('callback error mapping (spec 1 §8), by the content of the message', () => {
  it.each(['NetworkError when attempting to fetch resource', 'Failed to fetch', 'connection refused'])(
    "maps network, fetch or connection (%s) to 'Network connection error. Please check your internet connection.' with retry",
    (raw) => {
      expect(mapCallbackError(raw)).toEqual({
        message: 'Network connection error. Please check your internet connection.',
        behaviour: 'retry',
      });
    },
  );

  it.each(['Database unavailable', 'SQL state 57P01'])(
    "maps database or sql (%s) to 'Database connection error. Please try again in a moment.' with retry",
    (raw) => {
      expect(mapCallbackError(raw)).toEqual({
        message: 'Database connection error. Please try again in a moment.',
        behaviour: 'retry',
      });
    },
  );

  it.each(['Auth session missing', 'Unauthorized', 'token expired', 'Forbidden'])(
    "maps auth, unauthorized, token or forbidden (%s) to 'Authentication error. Please log out and log back in.', blocking",
    (raw) => {
      expect(mapCallbackError(raw)).toEqual({
        message: 'Authentication error. Please log out and log back in.',
        behaviour: 'blocking',
      });
    },
  );

  it("maps user not found to 'Failed to create user profile. This may be a temporary issue.'", () => {
    const mapped = mapCallbackError('User not found');
    expect(mapped.message).toBe('Failed to create user profile. This may be a temporary issue.');
    expect(mapped.behaviour).not.toBe('blocking');
  });

  it.each(['duplicate key value violates unique constraint', 'Profile already exists'])(
    "maps duplicate or already exists (%s) to 'Data already exists. This might be expected - trying to continue.', not blocking and without retry",
    (raw) => {
      expect(mapCallbackError(raw)).toEqual({
        message: 'Data already exists. This might be expected - trying to continue.',
        behaviour: 'continue',
      });
    },
  );

  it.each(['validation failed for username', 'invalid input'])(
    "maps validation or invalid (%s) to 'Data validation error. Please check your information.'",
    (raw) => {
      const mapped = mapCallbackError(raw);
      expect(mapped.message).toBe('Data validation error. Please check your information.');
      expect(mapped.behaviour).not.toBe('blocking');
    },
  );

  it('keeps any other message as it is', () => {
    expect(mapCallbackError('The moon is in the wrong phase')).toEqual({
      message: 'The moon is in the wrong phase',
      behaviour: 'none',
    });
  });

  it('applies the rows in the order of the table when a message matches several', () => {
    expect(mapCallbackError('invalid token').behaviour).toBe('blocking');
    expect(mapCallbackError('fetch failed: database down').message).toBe(
      'Network connection error. Please check your internet connection.',
    );
  });
});

describe('identity provider token errors (spec 1 §6)', () => {
  it.each(['login_required', 'consent_required', 'interaction_required'])(
    'reports %s as login_required',
    (error) => {
      expect(classifyTokenError(error)).toBe('login_required');
    },
  );

  it.each(['timeout', 'invalid_grant', 'missing_refresh_token', '', undefined])(
    'reports anything else (%s) as token_failed',
    (error) => {
      expect(classifyTokenError(error)).toBe('token_failed');
    },
  );

  it('gives up a silent token fetch after 10 seconds', () => {
    expect(TOKEN_TIMEOUT_MS).toBe(10_000);
  });
});

describe('callback screen (spec 1 §2, §4, §9)', () => {
  it('shows the progress texts of the spec', () => {
    expect(callbackMessages.authenticating).toBe('Authenticating...');
    expect(callbackMessages.settingUp).toBe('Setting up your account...');
    expect(callbackMessages.databaseConnected).toBe('Database connected, checking account...');
    expect(callbackMessages.almostReady).toBe('Almost ready, finalizing setup...');
  });

  it("allows 3 retries and then says 'Maximum retry attempts reached. Please refresh the page or try logging in again.'", () => {
    expect(CALLBACK_MAX_RETRIES).toBe(3);
    expect(callbackMessages.maxRetries).toBe(
      'Maximum retry attempts reached. Please refresh the page or try logging in again.',
    );
    expect(callbackMessages.tryAgain(2)).toContain('2');
    expect(callbackMessages.tryAgain(2)).toContain('3');
  });

  it("words a missing user 'User information not available. Please try logging in again.' and a database failure 'Database connection failed: ...'", () => {
    expect(callbackMessages.userInfoMissing).toBe(
      'User information not available. Please try logging in again.',
    );
    expect(callbackMessages.databaseFailed('timeout')).toBe('Database connection failed: timeout');
  });

  it('shows an identity provider error with its error and description', () => {
    const text = callbackMessages.providerError('access_denied', 'User cancelled');
    expect(text).toContain('access_denied - User cancelled');
  });

  it('starts after 100 ms, retries after 1 s and redirects after 3 s', () => {
    expect(CALLBACK_START_DELAY_MS).toBe(100);
    expect(CALLBACK_RETRY_DELAY_MS).toBe(1000);
    expect(CALLBACK_REDIRECT_DELAY_MS).toBe(3000);
  });
});
