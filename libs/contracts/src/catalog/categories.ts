/**
 * Apple Podcasts categories with their subcategories. A podcast stores 'Parent' or 'Parent:Sub'
 * (spec 1 §3); Government, History, Technology and True Crime have no subcategories.
 */
export const PODCAST_CATEGORIES = {
  Arts: ['Books', 'Design', 'Fashion & Beauty', 'Food', 'Performing Arts', 'Visual Arts'],
  Business: ['Careers', 'Entrepreneurship', 'Investing', 'Management', 'Marketing', 'Non-Profit'],
  Comedy: ['Comedy Interviews', 'Improv', 'Stand-Up'],
  Education: ['Courses', 'How To', 'Language Learning', 'Self-Improvement'],
  Fiction: ['Comedy Fiction', 'Drama', 'Science Fiction'],
  Government: [],
  History: [],
  'Health & Fitness': [
    'Alternative Health',
    'Fitness',
    'Medicine',
    'Mental Health',
    'Nutrition',
    'Sexuality',
  ],
  'Kids & Family': ['Education for Kids', 'Parenting', 'Pets & Animals', 'Stories for Kids'],
  Leisure: [
    'Animation & Manga',
    'Automotive',
    'Aviation',
    'Crafts',
    'Games',
    'Hobbies',
    'Home & Garden',
    'Video Games',
  ],
  Music: ['Music Commentary', 'Music History', 'Music Interviews'],
  News: [
    'Business News',
    'Daily News',
    'Entertainment News',
    'News Commentary',
    'Politics',
    'Sports News',
    'Tech News',
  ],
  'Religion & Spirituality': [
    'Buddhism',
    'Christianity',
    'Hinduism',
    'Islam',
    'Judaism',
    'Religion',
    'Spirituality',
  ],
  Science: [
    'Astronomy',
    'Chemistry',
    'Earth Sciences',
    'Life Sciences',
    'Mathematics',
    'Natural Sciences',
    'Nature',
    'Physics',
    'Social Sciences',
  ],
  'Society & Culture': ['Documentary', 'Personal Journals', 'Philosophy', 'Places & Travel', 'Relationships'],
  Sports: [
    'Baseball',
    'Basketball',
    'Cricket',
    'Fantasy Sports',
    'Football',
    'Golf',
    'Hockey',
    'Rugby',
    'Running',
    'Soccer',
    'Swimming',
    'Tennis',
    'Volleyball',
    'Wilderness',
    'Wrestling',
  ],
  Technology: [],
  'True Crime': [],
  'TV & Film': ['After Shows', 'Film History', 'Film Interviews', 'Film Reviews', 'TV Reviews'],
} as const satisfies Record<string, readonly string[]>;

export type PodcastCategory = keyof typeof PODCAST_CATEGORIES;
export const CATEGORY_NAMES = Object.keys(PODCAST_CATEGORIES) as PodcastCategory[];

/** Every value a podcast's category can hold: each parent and each 'Parent:Sub'. */
export const CATEGORY_VALUES: readonly string[] = CATEGORY_NAMES.flatMap((parent) => [
  parent,
  ...PODCAST_CATEGORIES[parent].map((sub) => `${parent}:${sub}`),
]);

/** Whether a value is one of the parent categories (own names only, not inherited keys such as 'toString'). */
export function isCategoryName(value: string): value is PodcastCategory {
  return (CATEGORY_NAMES as readonly string[]).includes(value);
}

export function isCategoryValue(value: string): boolean {
  return CATEGORY_VALUES.includes(value);
}

/** 'Arts:Books' → { category: 'Arts', subcategory: 'Books' }; 'Technology' → { category, subcategory: null }. */
export function splitCategory(value: string): { category: string; subcategory: string | null } {
  const colon = value.indexOf(':');
  return colon < 0
    ? { category: value, subcategory: null }
    : { category: value.slice(0, colon), subcategory: value.slice(colon + 1) };
}

/** The subcategory a category change selects: its first subcategory, or the category itself when it has none. */
export function defaultSubcategory(category: PodcastCategory): string {
  const first = PODCAST_CATEGORIES[category][0];
  return first ? `${category}:${first}` : category;
}

/** The subcategory options of a category, as stored values with labels. */
export function subcategoryOptions(category: PodcastCategory): Array<{ value: string; label: string }> {
  const subs = PODCAST_CATEGORIES[category];
  return subs.length === 0
    ? [{ value: category, label: category }]
    : subs.map((sub) => ({ value: `${category}:${sub}`, label: sub }));
}
