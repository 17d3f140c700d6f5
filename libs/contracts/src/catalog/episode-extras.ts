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

/** podcast:location's name is at most 128 characters. */
export const LOCATION_NAME_MAX_LENGTH = 128;

export const locationMessages = {
  nameRequired: 'Location name is required',
  nameTooLong: `Location name must be ${LOCATION_NAME_MAX_LENGTH} characters or fewer`,
  geoFormat: 'Coordinates must be "latitude,longitude", e.g. "38.7223,-9.1393"',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  osmFormat: 'OpenStreetMap ID must be N, W or R followed by digits, e.g. "R113314"',
} as const;

const GEO_PATTERN = /^(-?\d{1,3}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/;

/** The latitude and longitude of a 'lat,lon' value, or null when it is not written that way. */
export function parseGeo(geo: string): { latitude: number; longitude: number } | null {
  const match = GEO_PATTERN.exec(geo.trim());
  if (!match) return null;
  return { latitude: Number(match[1]), longitude: Number(match[2]) };
}

/** Why a 'lat,lon' value is refused, or null when it is a point on Earth. */
export function geoProblem(geo: string): string | null {
  const point = parseGeo(geo);
  if (!point) return locationMessages.geoFormat;
  if (Math.abs(point.latitude) > 90) return locationMessages.latitudeRange;
  if (Math.abs(point.longitude) > 180) return locationMessages.longitudeRange;
  return null;
}

/** The geo URI (RFC 5870) a feed's podcast:location carries for a 'lat,lon' value. */
export function geoUri(geo: string): string {
  return `geo:${geo.trim()}`;
}

/** An OpenStreetMap object: its type (Node, Way, Relation), its id, and optionally a revision ('R113314#3'). */
export const OSM_PATTERN = /^[NWR]\d+(#\d+)?$/;

/** podcast:license's value is at most 128 characters. */
export const LICENSE_IDENTIFIER_MAX_LENGTH = 128;

export const licenseMessages = {
  identifierRequired: 'License identifier is required',
  identifierTooLong: `License identifier must be ${LICENSE_IDENTIFIER_MAX_LENGTH} characters or fewer`,
  invalidUrl,
  urlRequiredForCustom: 'Add the URL of a license whose name is not an SPDX identifier',
} as const;

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

/**
 * SPDX identifiers are letters, digits, '.', '-' and '+' ('CC-BY-4.0', 'MIT'). The namespace asks for a URL with any
 * other license, so a listener's app can show what it is.
 */
export function isSpdxStyleIdentifier(identifier: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9.+-]*$/.test(identifier.trim());
}

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
