import { isLanguageCode, LANGUAGE_CODES } from './languages.js';

describe('podcast languages (spec 1 §3)', () => {
  it('offers exactly the 22 codes of the spec: the 21 of onboarding plus plain en from settings', () => {
    const onboarding = [
      'en-us',
      'en-gb',
      'es',
      'fr',
      'de',
      'it',
      'pt',
      'ja',
      'ko',
      'zh',
      'ru',
      'ar',
      'hi',
      'nl',
      'sv',
      'no',
      'da',
      'fi',
      'pl',
      'tr',
      'he',
    ];
    expect(LANGUAGE_CODES).toHaveLength(22);
    expect([...LANGUAGE_CODES].sort()).toEqual([...onboarding, 'en'].sort());
  });

  it('recognises only codes from the list', () => {
    expect(isLanguageCode('en-us')).toBe(true);
    expect(isLanguageCode('en')).toBe(true);
    expect(isLanguageCode('EN-US')).toBe(false);
    expect(isLanguageCode('xx')).toBe(false);
  });
});
