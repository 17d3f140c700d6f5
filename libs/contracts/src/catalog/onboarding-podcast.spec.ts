import { PRODUCT_NAME } from '../shared/product.js';
import {
  addCoHost,
  addTags,
  complianceChecklist,
  ONBOARDING_COMPLETION_WAIT_MS,
  ONBOARDING_FORM_DEFAULTS,
  ONBOARDING_STEPS,
  onboardingMessages,
  onboardingToCreateInput,
  validateOnboardingStep,
  withCategory,
  type OnboardingPodcastForm,
} from './onboarding-podcast.js';
import { createPodcastInputSchema } from './podcast.js';

const description = 'A weekly conversation about the books that shaped modern science fiction.';
const completeForm: OnboardingPodcastForm = {
  ...ONBOARDING_FORM_DEFAULTS,
  podcastName: 'Signal & Noise',
  description,
  hostName: 'Ada Lovelace',
};

describe('onboarding podcast wizard defaults (spec 1 §5)', () => {
  it('starts with category Arts, subcategory Arts:Books, language en-us, explicit false, no tags and no co-hosts', () => {
    expect(ONBOARDING_FORM_DEFAULTS).toMatchObject({
      category: 'Arts',
      subcategory: 'Arts:Books',
      language: 'en-us',
      explicit: false,
      tags: [],
      coHosts: [],
    });
  });

  it('has the four steps Basic Info, Host & Settings, Podcast Album Art and Review & Launch', () => {
    expect(ONBOARDING_STEPS.map((step) => step.title)).toEqual([
      'Basic Info',
      'Host & Settings',
      'Podcast Album Art',
      'Review & Launch',
    ]);
    expect(ONBOARDING_STEPS[0].heading).toBe('Podcast Details');
  });

  it('resets the subcategory on a category change to its first subcategory', () => {
    const form = withCategory({ ...ONBOARDING_FORM_DEFAULTS, subcategory: 'Arts:Food' }, 'Comedy');
    expect(form.category).toBe('Comedy');
    expect(form.subcategory).toBe('Comedy:Comedy Interviews');
  });

  it.each(['Government', 'History', 'Technology', 'True Crime'] as const)(
    'resets the subcategory to the category itself when %s is chosen, which has none',
    (category) => {
      expect(withCategory(ONBOARDING_FORM_DEFAULTS, category).subcategory).toBe(category);
    },
  );
});

describe('onboarding step 1, Basic Info (spec 1 §5)', () => {
  const basic = (changes: Partial<OnboardingPodcastForm>) =>
    validateOnboardingStep('basic', { ...completeForm, ...changes });

  it('lets a complete step pass', () => {
    expect(basic({})).toEqual({});
  });

  it("refuses an empty or blank name with 'Podcast name is required'", () => {
    expect(basic({ podcastName: '' }).podcastName).toBe('Podcast name is required');
    expect(basic({ podcastName: '   ' }).podcastName).toBe('Podcast name is required');
  });

  it("accepts a name of 254 characters and refuses 255 with 'Podcast name must be less than 255 characters'", () => {
    expect(basic({ podcastName: 'n'.repeat(254) }).podcastName).toBeUndefined();
    expect(basic({ podcastName: 'n'.repeat(255) }).podcastName).toBe(
      'Podcast name must be less than 255 characters',
    );
  });

  it('requires a description', () => {
    expect(basic({ description: '' }).description).toBe(onboardingMessages.descriptionRequired);
    expect(basic({ description: '  ' }).description).toBe(onboardingMessages.descriptionRequired);
  });

  it("accepts a description of 50 characters and refuses 49 with 'Description must be at least 50 characters (Apple Podcasts requirement)'", () => {
    expect(basic({ description: 'd'.repeat(50) }).description).toBeUndefined();
    expect(basic({ description: 'd'.repeat(49) }).description).toBe(
      'Description must be at least 50 characters (Apple Podcasts requirement)',
    );
    expect(basic({ description: `  ${'d'.repeat(49)}  ` }).description).toBe(
      'Description must be at least 50 characters (Apple Podcasts requirement)',
    );
  });

  it("accepts a description of 3999 characters and refuses 4000 with 'Description must be less than 4000 characters'", () => {
    expect(basic({ description: 'd'.repeat(3999) }).description).toBeUndefined();
    expect(basic({ description: 'd'.repeat(4000) }).description).toBe(
      'Description must be less than 4000 characters',
    );
  });

  it('requires a category and a subcategory from the list', () => {
    expect(basic({ category: '' as OnboardingPodcastForm['category'] }).category).toBe(
      onboardingMessages.categoryRequired,
    );
    expect(basic({ subcategory: '' }).subcategory).toBe(onboardingMessages.subcategoryRequired);
    expect(basic({ subcategory: 'Arts:Nonsense' }).subcategory).toBe(onboardingMessages.subcategoryRequired);
  });
});

describe('onboarding step 2, Host & Settings (spec 1 §5)', () => {
  const host = (changes: Partial<OnboardingPodcastForm>) =>
    validateOnboardingStep('host', { ...completeForm, ...changes });

  it('lets a complete step pass', () => {
    expect(host({})).toEqual({});
  });

  it("refuses an empty or blank host name with 'Host name is required'", () => {
    expect(host({ hostName: '' }).hostName).toBe('Host name is required');
    expect(host({ hostName: '  ' }).hostName).toBe('Host name is required');
  });

  it("accepts a host name of 99 characters and refuses 100 with 'Host name must be less than 100 characters'", () => {
    expect(host({ hostName: 'h'.repeat(99) }).hostName).toBeUndefined();
    expect(host({ hostName: 'h'.repeat(100) }).hostName).toBe('Host name must be less than 100 characters');
  });

  it('requires a language from the list', () => {
    expect(host({ language: '' }).language).toBe(onboardingMessages.languageRequired);
    expect(host({ language: 'klingon' }).language).toBe(onboardingMessages.languageRequired);
  });

  it("refuses a content rating that is not a boolean with 'Please select a content rating'", () => {
    expect(host({ explicit: null }).explicit).toBe('Please select a content rating');
    expect(host({ explicit: true }).explicit).toBeUndefined();
    expect(host({ explicit: false }).explicit).toBeUndefined();
  });
});

describe('onboarding steps 3 and 4 (spec 1 §4, §5)', () => {
  it('does not validate the optional logo step', () => {
    expect(validateOnboardingStep('art', { ...ONBOARDING_FORM_DEFAULTS })).toEqual({});
  });

  it("lists the 'Apple Podcasts Compliance' checklist: name, description, category, language, host name, content rating and recommended artwork", () => {
    const checklist = complianceChecklist({ ...completeForm, logoMediaId: null });
    expect(checklist.map((item) => item.ok)).toEqual([true, true, true, true, true, true, false]);
    expect(checklist.at(-1)?.recommended).toBe(true);
    const labels = checklist.map((item) => item.label.toLowerCase()).join(' | ');
    for (const item of [
      'name',
      'description',
      'category',
      'language',
      'host name',
      'content rating',
      'art',
    ]) {
      expect(labels).toContain(item);
    }
  });

  it('marks unmet compliance items', () => {
    const checklist = complianceChecklist({
      ...ONBOARDING_FORM_DEFAULTS,
      podcastName: ' ',
      description: 'Too short',
      subcategory: 'Nowhere',
      language: 'xx',
      explicit: null,
      logoMediaId: '0b7a4c1e-3f6d-4a58-9c2e-6d1f8b3a9e01',
    });
    expect(checklist.map((item) => item.ok)).toEqual([false, false, false, false, false, false, true]);
  });

  it('words the wizard as the spec does', () => {
    expect(onboardingMessages.stepIncomplete).toBe('Please complete this step before proceeding');
    expect(onboardingMessages.failed).toBe('Onboarding failed');
    expect(onboardingMessages.skipHint).toBe('You can always create a podcast later from your dashboard');
    expect(onboardingMessages.create).toBe('Create podcast');
    expect(onboardingMessages.creating).toBe('Creating your podcast...');
    expect(onboardingMessages.continueToPodcast).toBe('Continue to Podcast Creation →');
    expect(onboardingMessages.welcome).toBe(`Welcome to ${PRODUCT_NAME}!`);
  });

  it('waits 0.5 s after creating the podcast', () => {
    expect(ONBOARDING_COMPLETION_WAIT_MS).toBe(500);
  });
});

describe('onboarding tags and co-hosts (spec 1 §5)', () => {
  it('splits typed tags on commas and trims them', () => {
    expect(addTags([], ' science , fiction,books ')).toEqual(['science', 'fiction', 'books']);
  });

  it('ignores blank tags', () => {
    expect(addTags(['science'], '   ')).toEqual(['science']);
    expect(addTags([], ' , ,fiction,, ')).toEqual(['fiction']);
  });

  it('drops tags already given', () => {
    expect(addTags(['science'], 'science, fiction, fiction')).toEqual(['science', 'fiction']);
  });

  it('keeps at most 10 tags', () => {
    const twelve = Array.from({ length: 12 }, (_, index) => `tag${index + 1}`).join(',');
    const tags = addTags([], twelve);
    expect(tags).toHaveLength(10);
    expect(tags.at(-1)).toBe('tag10');
    expect(addTags(tags, 'one-more')).toHaveLength(10);
  });

  it('adds a co-host, trimmed, and ignores a blank one', () => {
    expect(addCoHost([], '  Grace Hopper ')).toEqual(['Grace Hopper']);
    expect(addCoHost(['Grace Hopper'], '   ')).toEqual(['Grace Hopper']);
  });
});

describe('onboarding create request (spec 1 §3, §5)', () => {
  const form: OnboardingPodcastForm = {
    ...completeForm,
    podcastName: '  Signal & Noise  ',
    description: `  ${description}  `,
    hostName: '  Ada Lovelace ',
    category: 'Science',
    subcategory: 'Science:Physics',
    tags: ['science', 'fiction'],
    coHosts: ['Grace Hopper'],
    language: 'en-gb',
    explicit: true,
  };

  it('trims the name, description and host name before saving', () => {
    expect(onboardingToCreateInput(form)).toMatchObject({
      name: 'Signal & Noise',
      description,
      author: 'Ada Lovelace',
    });
  });

  it('takes the category from the chosen subcategory', () => {
    expect(onboardingToCreateInput(form).category).toBe('Science:Physics');
    expect(onboardingToCreateInput(withCategory(form, 'Technology')).category).toBe('Technology');
  });

  it('sends an episodic podcast with a strict boolean rating, an empty website and no funding or social links', () => {
    expect(onboardingToCreateInput(form)).toMatchObject({
      type: 'episodic',
      explicit: true,
      websiteUrl: '',
      fundingLinks: [],
      socialLinks: [],
      language: 'en-gb',
      tags: ['science', 'fiction'],
      coHosts: ['Grace Hopper'],
      artworkMediaId: null,
    });
    expect(onboardingToCreateInput({ ...form, explicit: null }).explicit).toBe(false);
  });

  it('builds a request the create-podcast contract accepts', () => {
    expect(createPodcastInputSchema.safeParse(onboardingToCreateInput(form)).success).toBe(true);
  });
});
