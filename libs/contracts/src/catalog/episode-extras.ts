import type { FieldProblem, FundingLink } from './podcasting20.js';

// An episode's funding links, location, license and alternate enclosures: the wording and checks their schemas in
// podcasting20.ts are built from (spec 2 §5 "Other", and the podcastindex.org namespace 1.0 where the spec is
// vaguer). Only types come from podcasting20.ts, which imports these values.

const invalidUrl = 'Please enter a valid URL';

/** podcast:funding's text is at most 128 characters. */
export const FUNDING_TITLE_MAX_LENGTH = 128;
export const FUNDING_MESSAGE_MAX_LENGTH = 500;

export const fundingMessages = {
  invalidUrl,
  titleRequired: 'Funding title is required',
  titleTooLong: `Funding title must be ${FUNDING_TITLE_MAX_LENGTH} characters or fewer`,
  messageTooLong: `Message must be ${FUNDING_MESSAGE_MAX_LENGTH} characters or fewer`,
  duplicateUrl: 'This funding link is already listed',
} as const;

/** The funding links' rule across links: each URL once (the second mention is the problem). */
export function fundingProblems(links: readonly FundingLink[]): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  links.forEach((link, index) => {
    if (seen.has(link.url))
      problems.push({ path: ['funding', index, 'url'], message: fundingMessages.duplicateUrl });
    seen.add(link.url);
  });
  return problems;
}

// The location and license rules are shared with the podcast's channel: they live in location-and-license.ts.
export {
  geoProblem,
  geoUri,
  isSpdxStyleIdentifier,
  LICENSE_IDENTIFIER_MAX_LENGTH,
  licenseMessages,
  LOCATION_NAME_MAX_LENGTH,
  locationMessages,
  OSM_PATTERN,
  parseGeo,
} from './location-and-license.js';

/** Licenses creators use most, by SPDX identifier, with their deeds. */
export const COMMON_LICENSES: ReadonlyArray<{ identifier: string; name: string; url: string }> = [
  {
    identifier: 'CC-BY-4.0',
    name: 'Creative Commons Attribution 4.0',
    url: 'https://creativecommons.org/licenses/by/4.0/',
  },
  {
    identifier: 'CC-BY-SA-4.0',
    name: 'Creative Commons Attribution-ShareAlike 4.0',
    url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  },
  {
    identifier: 'CC-BY-NC-4.0',
    name: 'Creative Commons Attribution-NonCommercial 4.0',
    url: 'https://creativecommons.org/licenses/by-nc/4.0/',
  },
  {
    identifier: 'CC-BY-NC-SA-4.0',
    name: 'Creative Commons Attribution-NonCommercial-ShareAlike 4.0',
    url: 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
  },
  {
    identifier: 'CC-BY-ND-4.0',
    name: 'Creative Commons Attribution-NoDerivatives 4.0',
    url: 'https://creativecommons.org/licenses/by-nd/4.0/',
  },
  {
    identifier: 'CC-BY-NC-ND-4.0',
    name: 'Creative Commons Attribution-NonCommercial-NoDerivatives 4.0',
    url: 'https://creativecommons.org/licenses/by-nc-nd/4.0/',
  },
  {
    identifier: 'CC0-1.0',
    name: 'Creative Commons Zero 1.0 (public domain)',
    url: 'https://creativecommons.org/publicdomain/zero/1.0/',
  },
];

/** podcast:alternateEnclosure's title is at most 32 characters. */
export const ALTERNATE_ENCLOSURE_TITLE_MAX_LENGTH = 32;

export const alternateEnclosureMessages = {
  typeRequired: 'Type is required',
  typeFormat: 'Type must be a MIME type, e.g. "audio/opus"',
  lengthWhole: 'Length must be a whole number of bytes',
  bitratePositive: 'Bitrate must be greater than 0',
  heightWhole: 'Height must be a whole number of pixels',
  langFormat: 'Language must be a code like "en" or "en-US"',
  titleTooLong: `Title must be ${ALTERNATE_ENCLOSURE_TITLE_MAX_LENGTH} characters or fewer`,
  relTooLong: 'Rel must be 32 characters or fewer',
  sourcesRequired: 'Add at least one source URL',
  invalidUrl,
} as const;

export const MIME_TYPE_PATTERN = /^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/i;
export const LANGUAGE_TAG_PATTERN = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/;

/** Media types an alternate enclosure commonly has (lower bitrates, other codecs, video, streams). */
export const COMMON_ENCLOSURE_TYPES = [
  'audio/mpeg',
  'audio/opus',
  'audio/aac',
  'audio/ogg',
  'audio/flac',
  'video/mp4',
  'video/webm',
  'application/x-mpegURL',
] as const;
