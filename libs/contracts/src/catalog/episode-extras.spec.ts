import {
  alternateEnclosureMessages,
  COMMON_LICENSES,
  fundingMessages,
  fundingProblems,
  geoProblem,
  geoUri,
  isSpdxStyleIdentifier,
  licenseMessages,
  locationMessages,
  parseGeo,
} from './episode-extras.js';
import {
  alternateEnclosureSchema,
  fundingLinkSchema,
  licenseSchema,
  locationSchema,
  type FundingLink,
} from './podcasting20.js';

function messagesOf(schema: { safeParse: (input: unknown) => { error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input) as {
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  };
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? [])
    messages[issue.path.map(String).join('.')] ??= issue.message;
  return messages;
}

describe('a funding link (spec 2 §5 "Other", podcast:funding)', () => {
  const link: FundingLink = { url: 'https://example.org/support', title: 'Support the show' };

  it('takes an http(s) URL, a title and an optional message', () => {
    expect(fundingLinkSchema.parse({ ...link, message: 'Every coffee helps.' })).toEqual({
      ...link,
      message: 'Every coffee helps.',
    });
  });

  it(`refuses a URL that is not one with '${fundingMessages.invalidUrl}'`, () => {
    expect(messagesOf(fundingLinkSchema, { ...link, url: 'example' })).toEqual({
      url: fundingMessages.invalidUrl,
    });
    expect(messagesOf(fundingLinkSchema, { ...link, url: 'ftp://example.org' })).toEqual({
      url: fundingMessages.invalidUrl,
    });
  });

  it(`needs a title ('${fundingMessages.titleRequired}') of at most 128 characters ('${fundingMessages.titleTooLong}')`, () => {
    expect(messagesOf(fundingLinkSchema, { ...link, title: ' ' })).toEqual({
      title: fundingMessages.titleRequired,
    });
    expect(messagesOf(fundingLinkSchema, { ...link, title: 't'.repeat(128) })).toEqual({});
    expect(messagesOf(fundingLinkSchema, { ...link, title: 't'.repeat(129) })).toEqual({
      title: fundingMessages.titleTooLong,
    });
  });

  it(`lists each URL once ('${fundingMessages.duplicateUrl}')`, () => {
    expect(fundingProblems([link, { ...link, title: 'Again' }])).toEqual([
      { path: ['funding', 1, 'url'], message: fundingMessages.duplicateUrl },
    ]);
  });
});

describe('a location (spec 2 §5 "Other", podcast:location)', () => {
  it(`needs a name ('${locationMessages.nameRequired}'); geo and osm are optional`, () => {
    expect(locationSchema.parse({ name: 'Lisbon' })).toEqual({ name: 'Lisbon' });
    expect(messagesOf(locationSchema, { name: '' })).toEqual({ name: locationMessages.nameRequired });
    expect(messagesOf(locationSchema, { name: 'x'.repeat(129) })).toEqual({
      name: locationMessages.nameTooLong,
    });
  });

  it("takes geo as 'lat,lon' within -90..90 and -180..180, the edges included", () => {
    expect(locationSchema.parse({ name: 'Lisbon', geo: '38.7223,-9.1393' }).geo).toBe('38.7223,-9.1393');
    expect(geoProblem('90,180')).toBeNull();
    expect(geoProblem('-90,-180')).toBeNull();
    expect(parseGeo(' 0.5,-0.25 ')).toEqual({ latitude: 0.5, longitude: -0.25 });
  });

  it(`refuses geo out of range with '${locationMessages.latitudeRange}' or '${locationMessages.longitudeRange}'`, () => {
    expect(messagesOf(locationSchema, { name: 'Nowhere', geo: '91,0' })).toEqual({
      geo: locationMessages.latitudeRange,
    });
    expect(messagesOf(locationSchema, { name: 'Nowhere', geo: '0,-180.5' })).toEqual({
      geo: locationMessages.longitudeRange,
    });
  });

  it(`refuses geo not written 'lat,lon' with '${locationMessages.geoFormat}'`, () => {
    for (const geo of ['Lisbon', '38.7', '38.7;-9.1', 'geo:38.7,-9.1', '38.7,-9.1,12', '']) {
      expect(messagesOf(locationSchema, { name: 'Lisbon', geo })).toEqual({
        geo: locationMessages.geoFormat,
      });
    }
  });

  it("writes geo into the feed as a geo URI ('geo:38.7223,-9.1393')", () => {
    expect(geoUri('38.7223,-9.1393')).toBe('geo:38.7223,-9.1393');
  });

  it(`takes an OpenStreetMap node, way or relation ('R113314', 'W5013364', 'N1#2'), else '${locationMessages.osmFormat}'`, () => {
    for (const osm of ['R113314', 'W5013364', 'N1#2']) {
      expect(messagesOf(locationSchema, { name: 'Somewhere', osm })).toEqual({});
    }
    for (const osm of ['113314', 'X12', 'R', 'r113314']) {
      expect(messagesOf(locationSchema, { name: 'Somewhere', osm })).toEqual({
        osm: locationMessages.osmFormat,
      });
    }
  });
});

describe('a license (podcast:license)', () => {
  it('takes an SPDX identifier with or without its URL', () => {
    expect(licenseSchema.parse({ identifier: 'CC-BY-4.0' })).toEqual({ identifier: 'CC-BY-4.0' });
    expect(messagesOf(licenseSchema, { identifier: 'MIT', url: null })).toEqual({});
  });

  it(`needs an identifier ('${licenseMessages.identifierRequired}') of at most 128 characters`, () => {
    expect(messagesOf(licenseSchema, { identifier: '' })).toEqual({
      identifier: licenseMessages.identifierRequired,
    });
    expect(messagesOf(licenseSchema, { identifier: 'a'.repeat(129) })).toEqual({
      identifier: licenseMessages.identifierTooLong,
    });
  });

  it(`needs the URL of a license that is not an SPDX identifier ('${licenseMessages.urlRequiredForCustom}')`, () => {
    expect(messagesOf(licenseSchema, { identifier: 'My own terms' })).toEqual({
      url: licenseMessages.urlRequiredForCustom,
    });
    expect(
      messagesOf(licenseSchema, { identifier: 'My own terms', url: 'https://example.org/terms' }),
    ).toEqual({});
    expect(messagesOf(licenseSchema, { identifier: 'My own terms', url: 'terms' })).toEqual({
      url: licenseMessages.invalidUrl,
    });
  });

  it('offers common licenses, each an SPDX identifier with its deed', () => {
    expect(COMMON_LICENSES.map((license) => license.identifier)).toContain('CC-BY-4.0');
    for (const license of COMMON_LICENSES) {
      expect(isSpdxStyleIdentifier(license.identifier)).toBe(true);
      expect(messagesOf(licenseSchema, license)).toEqual({});
    }
  });
});

describe('an alternate enclosure (podcast:alternateEnclosure)', () => {
  const enclosure = {
    type: 'audio/opus',
    length: 32_400_000,
    bitrate: 96_000,
    lang: 'en-US',
    title: 'High quality',
    rel: 'audio',
    sources: ['https://example.org/e.opus', 'https://mirror.example.net/e.opus'],
  };

  it('takes a MIME type, byte length, bitrate, height, language, title, rel and one or more sources', () => {
    expect(alternateEnclosureSchema.parse({ ...enclosure, type: 'video/mp4', height: 1080 })).toMatchObject({
      type: 'video/mp4',
      height: 1080,
      sources: enclosure.sources,
    });
  });

  it(`needs a MIME type ('${alternateEnclosureMessages.typeRequired}', '${alternateEnclosureMessages.typeFormat}')`, () => {
    expect(messagesOf(alternateEnclosureSchema, { ...enclosure, type: '' })).toEqual({
      type: alternateEnclosureMessages.typeRequired,
    });
    expect(messagesOf(alternateEnclosureSchema, { ...enclosure, type: 'opus' })).toEqual({
      type: alternateEnclosureMessages.typeFormat,
    });
  });

  it('takes whole bytes, a positive bitrate and whole pixels', () => {
    expect(
      messagesOf(alternateEnclosureSchema, { ...enclosure, length: 1.5, bitrate: 0, height: -720 }),
    ).toEqual({
      length: alternateEnclosureMessages.lengthWhole,
      bitrate: alternateEnclosureMessages.bitratePositive,
      height: alternateEnclosureMessages.heightWhole,
    });
  });

  it(`takes a language code ('${alternateEnclosureMessages.langFormat}') and a title of at most 32 characters`, () => {
    expect(messagesOf(alternateEnclosureSchema, { ...enclosure, lang: 'English' })).toEqual({
      lang: alternateEnclosureMessages.langFormat,
    });
    expect(messagesOf(alternateEnclosureSchema, { ...enclosure, title: 't'.repeat(33) })).toEqual({
      title: alternateEnclosureMessages.titleTooLong,
    });
  });

  it(`needs at least one source ('${alternateEnclosureMessages.sourcesRequired}'), each an http(s) URL`, () => {
    expect(messagesOf(alternateEnclosureSchema, { ...enclosure, sources: [] })).toEqual({
      sources: alternateEnclosureMessages.sourcesRequired,
    });
    expect(
      messagesOf(alternateEnclosureSchema, { ...enclosure, sources: ['https://example.org/a', 'nope'] }),
    ).toEqual({ 'sources.1': alternateEnclosureMessages.invalidUrl });
  });
});
