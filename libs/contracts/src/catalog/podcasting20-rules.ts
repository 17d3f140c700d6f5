import { chaptersProblems } from './chapters.js';
import { fundingProblems } from './episode-extras.js';
import { personsProblems } from './persons.js';
import type { FieldProblem, Podcasting20Fields } from './podcasting20.js';
import { soundbitesProblems } from './soundbites.js';
import { transcriptsProblems } from './transcripts.js';
import { valueBlockProblems } from './value-block.js';

type Check = (fields: Podcasting20Fields, durationSeconds: number) => FieldProblem[];

/** The rules across each field's items (spec 2 §5); each item's own rules are its schema's. */
const CHECKS: { [Field in keyof Podcasting20Fields]?: Check } = {
  transcripts: (fields) => transcriptsProblems(fields.transcripts),
  chapters: (fields, duration) => chaptersProblems(fields.chapters, duration),
  soundbites: (fields, duration) => soundbitesProblems(fields.soundbites, duration),
  persons: (fields) => personsProblems(fields.persons),
  value: (fields) => valueBlockProblems(fields.value),
  funding: (fields) => fundingProblems(fields.funding),
};

/**
 * What the Podcasting 2.0 fields named in `checked` break, for an episode of `durationSeconds` (0: not known, so no
 * bound is checked). The catalog refuses a save with any of them; the editors show the same messages beside the items.
 */
export function podcasting20Problems(
  fields: Podcasting20Fields,
  durationSeconds: number,
  checked: ReadonlyArray<keyof Podcasting20Fields>,
): FieldProblem[] {
  return checked.flatMap((field) => CHECKS[field]?.(fields, durationSeconds) ?? []);
}
