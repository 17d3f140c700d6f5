import {
  newPersonId,
  personFeedAttributes,
  personMessages,
  personsProblems,
  personTemplateSlots,
  PERSON_TEMPLATE_IDS,
} from './persons.js';
import { PERSON_ROLES, personSchema, type Person } from './podcasting20.js';

const ada: Person = { id: 'p1', name: 'Ada Lovelace', role: 'Host', img: null, href: null };

function messagesOf(input: unknown): Record<string, string> {
  const result = personSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a person credited on an episode (spec 2 §5 "Persons")', () => {
  it('takes a name, one of the eight roles, an optional group, and http(s) image and link', () => {
    expect(
      personSchema.parse({
        ...ada,
        group: 'Panel',
        img: 'https://example.org/ada.png',
        href: 'http://example.org/ada',
      }),
    ).toMatchObject({ name: 'Ada Lovelace', role: 'Host', group: 'Panel' });
    expect(PERSON_ROLES).toEqual([
      'Host',
      'Guest',
      'Producer',
      'Editor',
      'Writer',
      'Designer',
      'Composer',
      'Voice Actor',
    ]);
  });

  it(`needs a name ('${personMessages.nameRequired}') under 255 characters ('${personMessages.nameTooLong}')`, () => {
    expect(messagesOf({ ...ada, name: '   ' })).toEqual({ name: personMessages.nameRequired });
    expect(messagesOf({ ...ada, name: 'a'.repeat(254) })).toEqual({});
    expect(messagesOf({ ...ada, name: 'a'.repeat(255) })).toEqual({ name: personMessages.nameTooLong });
  });

  it(`needs a role from the list ('${personMessages.roleRequired}')`, () => {
    expect(messagesOf({ ...ada, role: '' })).toEqual({ role: personMessages.roleRequired });
    expect(messagesOf({ ...ada, role: undefined })).toEqual({ role: personMessages.roleRequired });
    expect(messagesOf({ ...ada, role: 'host' })).toEqual({
      role: 'Role must be one of Host, Guest, Producer, Editor, Writer, Designer, Composer, Voice Actor',
    });
  });

  it(`refuses an image or link that is not an http(s) URL with '${personMessages.invalidUrl}'`, () => {
    expect(messagesOf({ ...ada, img: 'not a url', href: 'javascript:alert(1)' })).toEqual({
      img: personMessages.invalidUrl,
      href: personMessages.invalidUrl,
    });
  });

  it('credits a person once per role: the second mention is the problem, whatever its case and spacing', () => {
    const persons: Person[] = [
      ada,
      { ...ada, id: 'p2', role: 'Producer' },
      { ...ada, id: 'p3', name: ' ada lovelace ' },
    ];
    expect(personsProblems(persons)).toEqual([
      { path: ['persons', 2, 'name'], message: personMessages.duplicate('ada lovelace', 'Host') },
    ]);
    expect(personMessages.duplicate('Ada', 'Host')).toBe('Ada is already credited as Host');
    expect(personsProblems([ada, { ...ada, id: 'p2', name: '' }, { ...ada, id: 'p3', name: '' }])).toEqual(
      [],
    );
  });
});

describe('the credit templates (spec 2 §3)', () => {
  const ids = () => {
    let n = 0;
    return () => `id-${++n}`;
  };

  it('standard podcast: host, producer and editor, with fresh ids and names still to fill', () => {
    expect(personTemplateSlots('standard', ids())).toEqual([
      { label: 'Host', person: { id: 'id-1', name: '', role: 'Host', img: null, href: null } },
      { label: 'Producer', person: { id: 'id-2', name: '', role: 'Producer', img: null, href: null } },
      { label: 'Editor', person: { id: 'id-3', name: '', role: 'Editor', img: null, href: null } },
    ]);
  });

  it('interview: host and guest', () => {
    expect(personTemplateSlots('interview', ids()).map(({ label, person }) => [label, person.role])).toEqual([
      ['Host', 'Host'],
      ['Guest', 'Guest'],
    ]);
  });

  it('panel: a moderator (its host) and three panelists (guests), all in group Panel', () => {
    expect(
      personTemplateSlots('panel', ids()).map(({ label, person }) => [label, person.role, person.group]),
    ).toEqual([
      ['Moderator', 'Host', 'Panel'],
      ['Panelist 1', 'Guest', 'Panel'],
      ['Panelist 2', 'Guest', 'Panel'],
      ['Panelist 3', 'Guest', 'Panel'],
    ]);
  });

  it('gives every person a new random UUID, and each becomes valid once named', () => {
    const persons = PERSON_TEMPLATE_IDS.flatMap((template) => personTemplateSlots(template)).map(
      (slot) => slot.person,
    );
    expect(new Set(persons.map((person) => person.id)).size).toBe(persons.length);
    for (const person of persons) {
      expect(person.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(messagesOf(person)).toEqual({ name: personMessages.nameRequired });
      expect(messagesOf({ ...person, name: 'Grace' })).toEqual({});
    }
    expect(newPersonId()).not.toBe(newPersonId());
  });
});

describe("a person's podcast:person attributes", () => {
  it("uses the Podcast Taxonomy's role and group, lower-cased, not Castbase's own group", () => {
    expect(personFeedAttributes({ role: 'Host' })).toEqual({ role: 'host', group: 'cast' });
    expect(personFeedAttributes({ role: 'Editor' })).toEqual({
      role: 'audio editor',
      group: 'audio post-production',
    });
    expect(personFeedAttributes({ role: 'Voice Actor' })).toEqual({ role: 'voice actor', group: 'cast' });
    for (const role of PERSON_ROLES) expect(personFeedAttributes({ role }).group).not.toBe('');
  });
});
