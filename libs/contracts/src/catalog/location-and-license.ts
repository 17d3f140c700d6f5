import { z } from 'zod';
import {
  geoProblem,
  isSpdxStyleIdentifier,
  LICENSE_IDENTIFIER_MAX_LENGTH,
  licenseMessages,
  LOCATION_NAME_MAX_LENGTH,
  locationMessages,
  OSM_PATTERN,
} from './episode-extras.js';

// podcast:location and podcast:license, which an episode and its podcast's channel both carry. A module of their
// own so the podcast's schema (in every screen's bundle) does not pull in the episode's Podcasting 2.0 schemas.

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
