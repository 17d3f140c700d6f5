import { PRODUCT_NAME } from '../shared/product.js';
import {
  BIO_MAX,
  bioSchema,
  createProfileInputSchema,
  DEFAULT_DISPLAY_NAME,
  onboardingUsernameSchema,
  profileMessages,
  sharedUsernameSchema,
  SUCCESS_BANNER_MS,
  timezoneSchema,
  updateProfileInputSchema,
  USERNAME_CHECK_DEBOUNCE_MS,
} from './profile.js';

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;
const messageAt = (
  result: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } },
  field: string,
) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

const validProfile = { firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l' };

describe('onboarding username (spec 1 §5 profile creation)', () => {
  const usernameRule = 'Username must be 3-30 characters, alphanumeric + underscore only';

  it("refuses a missing or blank username with 'Username is required'", () => {
    expect(firstMessage(onboardingUsernameSchema.safeParse(''))).toBe('Username is required');
    expect(firstMessage(onboardingUsernameSchema.safeParse('   '))).toBe('Username is required');
    expect(firstMessage(onboardingUsernameSchema.safeParse(undefined))).toBe('Username is required');
  });

  it('accepts 3 to 30 letters, digits and underscores', () => {
    expect(onboardingUsernameSchema.parse('abc')).toBe('abc');
    expect(onboardingUsernameSchema.parse('A'.repeat(30))).toBe('A'.repeat(30));
    expect(onboardingUsernameSchema.parse(' Pod_Cast_42 ')).toBe('Pod_Cast_42');
  });

  it(`refuses fewer than 3 or more than 30 characters with '${usernameRule}'`, () => {
    expect(firstMessage(onboardingUsernameSchema.safeParse('ab'))).toBe(usernameRule);
    expect(firstMessage(onboardingUsernameSchema.safeParse('a'.repeat(31)))).toBe(usernameRule);
  });

  it(`refuses dots, hyphens, spaces and other characters with '${usernameRule}'`, () => {
    for (const value of ['ada.l', 'ada-l', 'ada l', 'adä', 'ada!']) {
      expect(firstMessage(onboardingUsernameSchema.safeParse(value))).toBe(usernameRule);
    }
  });

  it("words a taken name 'That username is already taken' and a bad format 'Username format is invalid'", () => {
    expect(profileMessages.usernameTaken).toBe('That username is already taken');
    expect(profileMessages.usernameFormatInvalid).toBe('Username format is invalid');
  });

  it('checks availability 500 ms after typing stops', () => {
    expect(USERNAME_CHECK_DEBOUNCE_MS).toBe(500);
  });
});

describe('shared username (spec 1 §5 shared rules)', () => {
  it('is required', () => {
    expect(sharedUsernameSchema.safeParse('').success).toBe(false);
    expect(sharedUsernameSchema.safeParse('  ').success).toBe(false);
  });

  it('accepts 2 to 50 letters, digits, dots, hyphens and underscores', () => {
    expect(sharedUsernameSchema.parse('ab')).toBe('ab');
    expect(sharedUsernameSchema.parse('jane.doe-pod_42')).toBe('jane.doe-pod_42');
    expect(sharedUsernameSchema.parse('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('refuses 1 or 51 characters and any other character', () => {
    for (const value of ['a', 'x'.repeat(51), 'jane doe', 'jane@doe', 'jane/doe']) {
      expect(sharedUsernameSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe('profile creation (spec 1 §5)', () => {
  it("refuses a missing or blank first name with 'First name is required'", () => {
    expect(
      messageAt(createProfileInputSchema.safeParse({ ...validProfile, firstName: ' ' }), 'firstName'),
    ).toBe('First name is required');
    const { firstName: _omitted, ...withoutFirstName } = validProfile;
    expect(messageAt(createProfileInputSchema.safeParse(withoutFirstName), 'firstName')).toBe(
      'First name is required',
    );
  });

  it("accepts a first name of 50 characters and refuses 51 with 'First name must be 50 characters or less'", () => {
    expect(createProfileInputSchema.safeParse({ ...validProfile, firstName: 'f'.repeat(50) }).success).toBe(
      true,
    );
    expect(
      messageAt(
        createProfileInputSchema.safeParse({ ...validProfile, firstName: 'f'.repeat(51) }),
        'firstName',
      ),
    ).toBe('First name must be 50 characters or less');
  });

  it("refuses a missing or blank last name with 'Last name is required'", () => {
    expect(messageAt(createProfileInputSchema.safeParse({ ...validProfile, lastName: '' }), 'lastName')).toBe(
      'Last name is required',
    );
    const { lastName: _omitted, ...withoutLastName } = validProfile;
    expect(messageAt(createProfileInputSchema.safeParse(withoutLastName), 'lastName')).toBe(
      'Last name is required',
    );
  });

  it("accepts a last name of 50 characters and refuses 51 with 'Last name must be 50 characters or less'", () => {
    expect(createProfileInputSchema.safeParse({ ...validProfile, lastName: 'l'.repeat(50) }).success).toBe(
      true,
    );
    expect(
      messageAt(
        createProfileInputSchema.safeParse({ ...validProfile, lastName: 'l'.repeat(51) }),
        'lastName',
      ),
    ).toBe('Last name must be 50 characters or less');
  });

  it('applies the onboarding username rule', () => {
    expect(
      messageAt(createProfileInputSchema.safeParse({ ...validProfile, username: 'a.b' }), 'username'),
    ).toBe('Username must be 3-30 characters, alphanumeric + underscore only');
  });

  it('defaults the timezone to UTC and the e-mail opt-in to off', () => {
    expect(createProfileInputSchema.parse(validProfile)).toMatchObject({
      timezone: 'UTC',
      emailOptIn: false,
    });
  });

  it("keeps the browser's timezone and falls back to UTC for one the runtime does not know", () => {
    expect(createProfileInputSchema.parse({ ...validProfile, timezone: 'Europe/Paris' }).timezone).toBe(
      'Europe/Paris',
    );
    expect(timezoneSchema.parse('Mars/Olympus_Mons')).toBe('UTC');
    expect(timezoneSchema.parse('')).toBe('UTC');
    expect(timezoneSchema.parse(undefined)).toBe('UTC');
  });

  it('takes an optional e-mail under the shared e-mail rules', () => {
    expect(createProfileInputSchema.parse(validProfile).email).toBeUndefined();
    expect(
      messageAt(createProfileInputSchema.safeParse({ ...validProfile, email: 'ada@@example' }), 'email'),
    ).toBe('Please enter a valid email address');
  });

  it('words the creation failures as the spec does', () => {
    expect(profileMessages.createUnauthorized).toBe(
      'Authentication failed. Please try logging out and back in.',
    );
    expect(profileMessages.createFailed).toBe('Failed to create profile. Please try again.');
    expect(profileMessages.createUnexpected).toBe('An unexpected error occurred. Please try again.');
  });

  it(`gives display_name the default '{product} Creator'`, () => {
    expect(DEFAULT_DISPLAY_NAME).toBe(`${PRODUCT_NAME} Creator`);
  });
});

describe('profile settings (spec 1 §5)', () => {
  it("accepts a bio under 500 characters and refuses 500 or more with 'Bio must be less than 500 characters'", () => {
    expect(BIO_MAX).toBe(500);
    expect(bioSchema.safeParse('b'.repeat(499)).success).toBe(true);
    expect(firstMessage(bioSchema.safeParse('b'.repeat(500)))).toBe('Bio must be less than 500 characters');
    expect(messageAt(updateProfileInputSchema.safeParse({ bio: 'b'.repeat(501) }), 'bio')).toBe(
      'Bio must be less than 500 characters',
    );
  });

  it('checks the username with the shared rule and the e-mail with the shared e-mail rules', () => {
    expect(updateProfileInputSchema.parse({ username: 'jane.doe-1', email: ' Jane@Example.com ' })).toEqual({
      username: 'jane.doe-1',
      email: 'jane@example.com',
    });
    expect(updateProfileInputSchema.safeParse({ username: 'j' }).success).toBe(false);
    expect(messageAt(updateProfileInputSchema.safeParse({ email: '' }), 'email')).toBe('Email is required');
    expect(messageAt(updateProfileInputSchema.safeParse({ email: 'jane@example' }), 'email')).toBe(
      'Please enter a valid email address',
    );
  });

  it('leaves the timezone out of an update that does not change it, so it is not reset to UTC', () => {
    expect(updateProfileInputSchema.parse({ username: 'jane' })).not.toHaveProperty('timezone');
    expect(updateProfileInputSchema.parse({ timezone: 'Asia/Tokyo' }).timezone).toBe('Asia/Tokyo');
    expect(updateProfileInputSchema.parse({ timezone: 'Nowhere/Else' }).timezone).toBe('UTC');
  });

  it("words a save blocked by the e-mail 'Please fix email validation error before saving'", () => {
    expect(profileMessages.fixEmailBeforeSaving).toBe('Please fix email validation error before saving');
  });

  it('words the banners, which last 3 seconds, and the failures as the spec does', () => {
    expect(SUCCESS_BANNER_MS).toBe(3000);
    expect(profileMessages.profileUpdated).toBe('Profile updated successfully!');
    expect(profileMessages.pictureUpdated).toBe('Profile picture updated successfully!');
    expect(profileMessages.pictureRemoved).toBe('Profile picture removed successfully!');
    expect(profileMessages.failedToLoad).toBe('Failed to Load Profile');
    expect(profileMessages.failedToLoadProfile).toBe('Failed to load profile');
    expect(profileMessages.failedToUpdate).toBe('Failed to update profile');
    expect(profileMessages.avatarUploadFailed).toBe('Avatar upload failed');
    expect(profileMessages.avatarDeleteFailed).toBe('Failed to delete avatar');
  });
});
