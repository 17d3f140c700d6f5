import { profileCreationErrorMessage } from './profile-creation.js';

/** An API failure as the web app sees it: an Error with the answer's code and HTTP status. */
function apiFailure(code: string | undefined, status: number): Error {
  return Object.assign(new Error('request failed'), { code, status });
}

describe('profile creation errors (spec 1 §8)', () => {
  it.each(['USERNAME_TAKEN', 'username_taken'])(
    "reads a %s failure as 'That username is already taken'",
    (code) => {
      expect(profileCreationErrorMessage(apiFailure(code, 409))).toBe('That username is already taken');
    },
  );

  it.each(['INVALID_USERNAME_FORMAT', 'invalid_username_format'])(
    "reads a %s failure as 'Username format is invalid'",
    (code) => {
      expect(profileCreationErrorMessage(apiFailure(code, 400))).toBe('Username format is invalid');
    },
  );

  it("reads an HTTP 401 as 'Authentication failed. Please try logging out and back in.'", () => {
    expect(profileCreationErrorMessage(apiFailure('UNAUTHENTICATED', 401))).toBe(
      'Authentication failed. Please try logging out and back in.',
    );
  });

  it("reads any other error as 'Failed to create profile. Please try again.'", () => {
    expect(profileCreationErrorMessage(apiFailure('SERVICE_UNAVAILABLE', 503))).toBe(
      'Failed to create profile. Please try again.',
    );
    expect(profileCreationErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to create profile. Please try again.',
    );
  });

  it("reads a failure that is not an error as 'An unexpected error occurred. Please try again.'", () => {
    expect(profileCreationErrorMessage('rejected')).toBe('An unexpected error occurred. Please try again.');
    expect(profileCreationErrorMessage(undefined)).toBe('An unexpected error occurred. Please try again.');
  });
});
