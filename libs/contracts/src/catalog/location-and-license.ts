import { z } from 'zod';

// podcast:location and podcast:license, which an episode and its podcast's channel both carry. A module of their
// own so the podcast's schema (in every screen's bundle) does not pull in the episode's Podcasting 2.0 schemas.

const invalidUrl = 'Please enter a valid URL';

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

/**
 * SPDX identifiers are letters, digits, '.', '-' and '+' ('CC-BY-4.0', 'MIT'). The namespace asks for a URL with any
 * other license, so a listener's app can show what it is.
 */
export function isSpdxStyleIdentifier(identifier: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9.+-]*$/.test(identifier.trim());
}

/** A link a listener follows or an image their app loads: http or https only. */
export const webUrlSchema = (message: string) => z.url({ protocol: /^https?$/, error: message });

export const locationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, locationMessages.nameRequired)
    .max(LOCATION_NAME_MAX_LENGTH, locationMessages.nameTooLong),
  /** 'lat,lon' (the feed writes it as a geo URI, `geoUri`). */
  geo: z
    .string()
    .trim()
    .superRefine((geo, ctx) => {
      const problem = geoProblem(geo);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  /** An OpenStreetMap object: 'R113314', 'W5013364', 'N1234#2'. */
  osm: z.string().trim().regex(OSM_PATTERN, locationMessages.osmFormat).optional(),
});
export type Location = z.infer<typeof locationSchema>;

export const licenseSchema = z
  .object({
    /** An SPDX identifier ('CC-BY-4.0') or the name of another license. */
    identifier: z
      .string()
      .trim()
      .min(1, licenseMessages.identifierRequired)
      .max(LICENSE_IDENTIFIER_MAX_LENGTH, licenseMessages.identifierTooLong),
    url: webUrlSchema(licenseMessages.invalidUrl).nullable().optional(),
  })
  .superRefine((license, ctx) => {
    if (license.identifier !== '' && !isSpdxStyleIdentifier(license.identifier) && !license.url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: licenseMessages.urlRequiredForCustom });
    }
  });
export type License = z.infer<typeof licenseSchema>;
