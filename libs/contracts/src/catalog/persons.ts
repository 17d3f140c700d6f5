import type { FieldProblem, Person, PERSON_ROLES } from './podcasting20.js';

// Only types come from podcasting20.ts: it builds personSchema from the messages below, so a value import back
// would be a cycle.

export type PersonRole = (typeof PERSON_ROLES)[number];

/** The persons editor's and the catalog's wording for credits (spec 2 §5 "Persons"). */
export const personMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be under 255 characters',
  roleRequired: 'Role is required',
  roleUnknown: (roles: readonly string[]) => `Role must be one of ${roles.join(', ')}`,
  invalidUrl: 'Please enter a valid URL',
  imageFailed: 'Failed to load image',
  duplicate: (name: string, role: PersonRole) => `${name} is already credited as ${role}`,
} as const;

/** A name's longest length: spec 2 §5 wants it under 255. */
export const PERSON_NAME_MAX_LENGTH = 254;

/**
 * How each of Castbase's roles reads in a feed's `podcast:person`: the namespace wants the role and group of the
 * Podcast Taxonomy Project (lower-cased), so apps can group credits. 'Editor' on a podcast edits the audio, which the
 * taxonomy calls 'Audio Editor'; 'Designer' makes the artwork, its 'Graphic Designer'.
 */
export const PERSON_ROLE_TAXONOMY: Readonly<Record<PersonRole, { role: string; group: string }>> = {
  Host: { role: 'host', group: 'cast' },
  Guest: { role: 'guest', group: 'cast' },
  Producer: { role: 'producer', group: 'creative direction' },
  Editor: { role: 'audio editor', group: 'audio post-production' },
  Writer: { role: 'writer', group: 'writing' },
  Designer: { role: 'graphic designer', group: 'visuals' },
  Composer: { role: 'composer', group: 'audio post-production' },
  'Voice Actor': { role: 'voice actor', group: 'cast' },
};

/**
 * The `role` and `group` attributes of a person's `podcast:person` tag. Castbase's own group ('Panel') labels credits
 * on its pages; the feed carries the taxonomy's group, which is what apps understand.
 */
export function personFeedAttributes(person: Pick<Person, 'role'>): { role: string; group: string } {
  return PERSON_ROLE_TAXONOMY[person.role];
}

export const PERSON_TEMPLATE_IDS = ['standard', 'interview', 'panel'] as const;
export type PersonTemplateId = (typeof PERSON_TEMPLATE_IDS)[number];

/** One place a template makes: what the editor calls it while asking for the name, and the person it becomes. */
export interface PersonTemplateSlot {
  label: string;
  person: Person;
}

interface SlotPlan {
  label: string;
  role: PersonRole;
  group?: string;
}

const PANEL_GROUP = 'Panel';

/** Spec 2 §3's three templates. The panel's moderator leads it as its host, its panelists are its guests. */
export const PERSON_TEMPLATES: Readonly<
  Record<PersonTemplateId, { name: string; description: string; slots: readonly SlotPlan[] }>
> = {
  standard: {
    name: 'Standard podcast',
    description: 'Host, producer and editor',
    slots: [
      { label: 'Host', role: 'Host' },
      { label: 'Producer', role: 'Producer' },
      { label: 'Editor', role: 'Editor' },
    ],
  },
  interview: {
    name: 'Interview',
    description: 'Host and guest',
    slots: [
      { label: 'Host', role: 'Host' },
      { label: 'Guest', role: 'Guest' },
    ],
  },
  panel: {
    name: 'Panel',
    description: 'Moderator and three panelists',
    slots: [
      { label: 'Moderator', role: 'Host', group: PANEL_GROUP },
      { label: 'Panelist 1', role: 'Guest', group: PANEL_GROUP },
      { label: 'Panelist 2', role: 'Guest', group: PANEL_GROUP },
      { label: 'Panelist 3', role: 'Guest', group: PANEL_GROUP },
    ],
  },
};

/**
 * The persons a template adds, each with a fresh id and no name yet (the editor asks for the names before adding
 * them: a person without one is not valid).
 */
export function personTemplateSlots(
  template: PersonTemplateId,
  newId: () => string = newPersonId,
): PersonTemplateSlot[] {
  return PERSON_TEMPLATES[template].slots.map(({ label, role, group }) => ({
    label,
    person: { id: newId(), name: '', role, ...(group ? { group } : {}), img: null, href: null },
  }));
}

/**
 * A fresh id for a person (a random UUID v4). Made from getRandomValues, which, unlike randomUUID, browsers also
 * offer on a plain-HTTP self-hosted install.
 */
export function newPersonId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const sameName = (name: string) => name.trim().toLocaleLowerCase();

/** The credits' rule across persons: one person is credited once per role (the second mention is the problem). */
export function personsProblems(persons: readonly Person[]): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  persons.forEach((person, index) => {
    if (person.name.trim() === '') return;
    const key = `${sameName(person.name)}\u0000${person.role}`;
    if (seen.has(key)) {
      problems.push({
        path: ['persons', index, 'name'],
        message: personMessages.duplicate(person.name.trim(), person.role),
      });
    }
    seen.add(key);
  });
  return problems;
}
