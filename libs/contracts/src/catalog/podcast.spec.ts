import { PRODUCT_NAME } from '../shared/product.js';
import {
  applyPodcastCreationDefaults,
  ARTWORK_MAX_PX,
  ARTWORK_MIN_PX,
  createPodcastInputSchema,
  normalizeTags,
  PRIVATE_TOKEN_LENGTH,
  slugSchema,
  TAGS_MAX,
} from './podcast.js';

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

const newYear2031 = new Date('2031-01-01T12:00:00.000Z');
const owner = { email: 'ada@example.com' };
const created = (input: Record<string, unknown>, who: { email: string | null } = owner) =>
  applyPodcastCreationDefaults(
    createPodcastInputSchema.parse({ name: 'Signal', author: 'Ada Lovelace', ...input }),
    who,
    newYear2031,
  );

describe('values written when a podcast is created (spec 1 §3)', () => {
  it(`writes a placeholder description ('A new podcast created with ${PRODUCT_NAME}') when it is left empty`, () => {
    expect(created({}).description).toMatch(new RegExp(`^A new podcast created with ${PRODUCT_NAME}`));
    expect(created({ description: '   ' }).description).toMatch(/^A new podcast created with /);
    expect(created({ description: 'Our own words.' }).description).toBe('Our own words.');
  });

  it("writes the signed-in user's e-mail as the contact and owner e-mail", () => {
    expect(created({})).toMatchObject({ email: 'ada@example.com', ownerEmail: 'ada@example.com' });
  });

  it('leaves the contact and owner e-mail empty when the user has none', () => {
    expect(created({}, { email: null })).toMatchObject({ email: '', ownerEmail: '' });
  });

  it('writes the host name as author and owner name', () => {
    expect(created({})).toMatchObject({ author: 'Ada Lovelace', ownerName: 'Ada Lovelace' });
  });

  it("writes a copyright of the current year, the name and the host followed by 'All rights reserved'", () => {
    const { copyright } = created({});
    expect(copyright).toMatch(/All rights reserved\.?$/);
    expect(copyright.indexOf('2031')).toBeGreaterThanOrEqual(0);
    expect(copyright.indexOf('2031')).toBeLessThan(copyright.indexOf('Signal'));
    expect(copyright.indexOf('Signal')).toBeLessThan(copyright.indexOf('Ada Lovelace'));
    expect(copyright.indexOf('Ada Lovelace')).toBeLessThan(copyright.indexOf('All rights reserved'));
  });

  it('uses the current year when no date is given', () => {
    const input = createPodcastInputSchema.parse({ name: 'Signal', author: 'Ada' });
    expect(applyPodcastCreationDefaults(input, owner).copyright).toContain(
      String(new Date().getUTCFullYear()),
    );
  });

  it('writes the type episodic, a strict boolean explicit rating, an empty website and no funding or social links', () => {
    expect(created({})).toMatchObject({
      type: 'episodic',
      explicit: false,
      websiteUrl: '',
      fundingLinks: [],
      socialLinks: [],
    });
    expect(createPodcastInputSchema.safeParse({ name: 'Signal', explicit: 'true' }).success).toBe(false);
  });

  it("writes the tags ['podcast'] when none were given", () => {
    expect(created({}).tags).toEqual(['podcast']);
    expect(created({ tags: [' ', ''] }).tags).toEqual(['podcast']);
    expect(created({ tags: ['science'] }).tags).toEqual(['science']);
  });

  it('keeps what the creator gave over every default', () => {
    expect(
      created({
        email: 'show@example.com',
        ownerEmail: 'owner@example.com',
        ownerName: 'Grace',
        copyright: '© The Show',
      }),
    ).toMatchObject({
      email: 'show@example.com',
      ownerEmail: 'owner@example.com',
      ownerName: 'Grace',
      copyright: '© The Show',
    });
  });
});

describe('podcast tags (spec 1 §5)', () => {
  it('trims tags, ignores blank ones, splits on commas and drops repeats', () => {
    expect(normalizeTags([' science ', '', 'fiction, books', 'science'])).toEqual([
      'science',
      'fiction',
      'books',
    ]);
  });

  it('keeps at most 10 tags', () => {
    expect(TAGS_MAX).toBe(10);
    const tags = Array.from({ length: 15 }, (_, index) => `tag${index}`);
    expect(normalizeTags(tags)).toEqual(tags.slice(0, 10));
    expect(createPodcastInputSchema.parse({ name: 'Signal', tags }).tags).toHaveLength(10);
  });
});

describe('shared podcast metadata rules (spec 1 §5, §9)', () => {
  it('defaults to category Technology, language en and type episodic', () => {
    expect(createPodcastInputSchema.parse({ name: 'Signal' })).toMatchObject({
      category: 'Technology',
      language: 'en',
      type: 'episodic',
    });
  });

  it('accepts a name of 255 characters and a description of 4000', () => {
    expect(
      createPodcastInputSchema.safeParse({ name: 'n'.repeat(255), description: 'd'.repeat(4000) }).success,
    ).toBe(true);
    expect(createPodcastInputSchema.safeParse({ name: 'n'.repeat(256) }).success).toBe(false);
  });

  it("refuses a host name of 101 characters with 'Host name must be less than 100 characters'", () => {
    expect(
      firstMessage(createPodcastInputSchema.safeParse({ name: 'Signal', author: 'h'.repeat(101) })),
    ).toBe('Host name must be less than 100 characters');
  });

  it("refuses a website that is not a URL with 'Please enter a valid URL'", () => {
    expect(firstMessage(createPodcastInputSchema.safeParse({ name: 'Signal', websiteUrl: 'my site' }))).toBe(
      'Please enter a valid URL',
    );
  });

  it('checks the optional contact and owner e-mails with the shared e-mail rules', () => {
    expect(
      firstMessage(createPodcastInputSchema.safeParse({ name: 'Signal', email: 'a..b@example.com' })),
    ).toBe('Please enter a valid email address');
    expect(firstMessage(createPodcastInputSchema.safeParse({ name: 'Signal', ownerEmail: 'owner@' }))).toBe(
      'Please enter a valid email address',
    );
    expect(createPodcastInputSchema.parse({ name: 'Signal', email: '' }).email).toBe('');
  });

  it('accepts only type episodic or serial', () => {
    expect(createPodcastInputSchema.parse({ name: 'Signal', type: 'serial' }).type).toBe('serial');
    expect(createPodcastInputSchema.safeParse({ name: 'Signal', type: 'daily' }).success).toBe(false);
  });

  it('accepts a slug of letters, numbers and hyphens only', () => {
    expect(slugSchema.parse('Signal-And-Noise-2')).toBe('signal-and-noise-2');
    expect(slugSchema.safeParse('signal_noise').success).toBe(false);
    expect(slugSchema.safeParse('signal noise').success).toBe(false);
  });

  it('uses a 16-character private token and artwork from 1400x1400 to 3000x3000', () => {
    expect(PRIVATE_TOKEN_LENGTH).toBe(16);
    expect(ARTWORK_MIN_PX).toBe(1400);
    expect(ARTWORK_MAX_PX).toBe(3000);
  });
});

describe('the podcast list view', () => {
  it('is the podcast fields it names, with the same shapes as the whole podcast', async () => {
    const { podcastSchema } = await import('./podcast.js');
    const { podcastSummarySchema } = await import('./podcast-summary.js');
    for (const [field, schema] of Object.entries(podcastSummarySchema.shape)) {
      const whole = podcastSchema.shape[field as keyof typeof podcastSchema.shape];
      expect(whole).toBeDefined();
      expect(JSON.stringify(schema.toJSONSchema())).toBe(JSON.stringify(whole.toJSONSchema()));
    }
  });
});
