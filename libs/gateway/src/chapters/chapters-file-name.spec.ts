import { describe, expect, it } from '@jest/globals';
import { episodeIdOfChaptersFile, ifNoneMatchMatches } from './chapters-file-name.js';

describe('episodeIdOfChaptersFile', () => {
  const id = '3f0c8a4e-2b1d-4c5e-9f6a-7b8c9d0e1f2a';

  it('takes the episode id of {uuid}.json, lower-cased', () => {
    expect(episodeIdOfChaptersFile(`${id}.json`)).toBe(id);
    expect(episodeIdOfChaptersFile(`${id.toUpperCase()}.json`)).toBe(id);
  });

  it('refuses any other name', () => {
    for (const name of [id, `${id}.xml`, `${id}.json.json`, 'pilot.json', '.json', '', `../${id}.json`]) {
      expect(episodeIdOfChaptersFile(name)).toBeNull();
    }
  });
});

describe('ifNoneMatchMatches', () => {
  it('matches the tag itself, its weak form, one of a list, and *', () => {
    expect(ifNoneMatchMatches('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('*', '"abc"')).toBe(true);
  });

  it('does not match another tag or a missing header', () => {
    expect(ifNoneMatchMatches('"abd"', '"abc"')).toBe(false);
    expect(ifNoneMatchMatches(undefined, '"abc"')).toBe(false);
  });
});
