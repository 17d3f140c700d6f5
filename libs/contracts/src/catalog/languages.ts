/** The 22 languages offered (spec 1 §3), as RSS language codes with their names. */
export const PODCAST_LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'en-us', label: 'English (United States)' },
  { code: 'en-gb', label: 'English (United Kingdom)' },
  { code: 'es', label: 'Spanish' },
  { code: 'fr', label: 'French' },
  { code: 'de', label: 'German' },
  { code: 'it', label: 'Italian' },
  { code: 'pt', label: 'Portuguese' },
  { code: 'ja', label: 'Japanese' },
  { code: 'ko', label: 'Korean' },
  { code: 'zh', label: 'Chinese' },
  { code: 'ru', label: 'Russian' },
  { code: 'ar', label: 'Arabic' },
  { code: 'hi', label: 'Hindi' },
  { code: 'nl', label: 'Dutch' },
  { code: 'sv', label: 'Swedish' },
  { code: 'no', label: 'Norwegian' },
  { code: 'da', label: 'Danish' },
  { code: 'fi', label: 'Finnish' },
  { code: 'pl', label: 'Polish' },
  { code: 'tr', label: 'Turkish' },
  { code: 'he', label: 'Hebrew' },
] as const;

export type PodcastLanguage = (typeof PODCAST_LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = PODCAST_LANGUAGES.map<PodcastLanguage>((language) => language.code);

export function isLanguageCode(value: string): value is PodcastLanguage {
  return (LANGUAGE_CODES as string[]).includes(value);
}
