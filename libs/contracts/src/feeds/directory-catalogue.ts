import { z } from 'zod';

// The five directories a podcast is submitted to, their statuses and what each requires (spec 2 §3 "Directory
// catalogue entry", §4 "Directory status"); the evaluation is in directories.ts.

export const directoryIdSchema = z.enum(
  ['podcast-index', 'apple-podcasts', 'spotify', 'amazon-music', 'youtube-music'],
  { error: 'Unknown directory' },
);
export type DirectoryId = z.infer<typeof directoryIdSchema>;

/** Spec 2 §4. `pending_submission` is a value of the spec nothing in Castbase sets (see docs/feeds.md). */
export const directoryStatusSchema = z.enum([
  'not_submitted',
  'pending_submission',
  'submitted',
  'under_review',
  'approved',
  'rejected',
  'delisted',
]);
export type DirectoryStatus = z.infer<typeof directoryStatusSchema>;

/**
 * What a directory answers after a submission, which the owner (or an editor) records by hand: no directory offers an
 * API to read it from.
 */
export const directoryAnswerSchema = z.enum(['under_review', 'approved', 'rejected', 'delisted'], {
  error: 'Choose under review, approved, rejected or delisted',
});
export type DirectoryAnswer = z.infer<typeof directoryAnswerSchema>;

/**
 * The requirements of spec 2 §5. The first four block a submission; the others are warnings only (a directory
 * checks them itself, or Castbase cannot).
 */
export const directoryRequirementSchema = z.enum([
  'artwork',
  'published-episode',
  'itunes-tags',
  'explicit-rating',
  'email',
  'rss-feed',
  'content-guidelines',
  'youtube-channel',
]);
export type DirectoryRequirement = z.infer<typeof directoryRequirementSchema>;

const WARNING_ONLY: ReadonlySet<DirectoryRequirement> = new Set([
  'email',
  'rss-feed',
  'content-guidelines',
  'youtube-channel',
]);

export function isWarningOnly(requirement: DirectoryRequirement): boolean {
  return WARNING_ONLY.has(requirement);
}

/** Spec 2 §3 "Directory catalogue entry". `icon` is the monogram the card shows; `reviewTime` the cards' figure (spec 2 §9). */
export const directoryCatalogueEntrySchema = z.object({
  id: directoryIdSchema,
  name: z.string(),
  icon: z.string(),
  submitUrl: z.string(),
  helpUrl: z.string(),
  reviewTime: z.string(),
  description: z.string(),
  requirements: z.array(directoryRequirementSchema),
  category: z.enum(['open-index', 'podcast-app', 'music-app']),
  active: z.boolean(),
});
export type DirectoryCatalogueEntry = z.infer<typeof directoryCatalogueEntrySchema>;

/** The five directories, in the order the cards show them. */
export const DIRECTORY_CATALOGUE: readonly DirectoryCatalogueEntry[] = [
  {
    id: 'podcast-index',
    name: 'Podcast Index',
    icon: 'PI',
    submitUrl: 'https://podcastindex.org/add',
    helpUrl: 'https://podcastindex.org/namespace/1.0',
    reviewTime: 'Usually instant',
    description: 'The open index behind most Podcasting 2.0 apps.',
    requirements: ['artwork', 'published-episode', 'rss-feed'],
    category: 'open-index',
    active: true,
  },
  {
    id: 'apple-podcasts',
    name: 'Apple Podcasts',
    icon: 'AP',
    submitUrl: 'https://podcastsconnect.apple.com/',
    helpUrl: 'https://podcasters.apple.com/support/823-podcast-requirements',
    reviewTime: '24 to 48 hours',
    description: 'Submitted through Apple Podcasts Connect with an Apple Account.',
    requirements: [
      'artwork',
      'published-episode',
      'itunes-tags',
      'explicit-rating',
      'email',
      'rss-feed',
      'content-guidelines',
    ],
    category: 'podcast-app',
    active: true,
  },
  {
    id: 'spotify',
    name: 'Spotify',
    icon: 'SP',
    submitUrl: 'https://creators.spotify.com/',
    helpUrl: 'https://support.spotify.com/us/creators/article/podcast-specification-doc/',
    reviewTime: '2 to 5 days',
    description: 'Submitted through Spotify for Creators; a code goes to the feed’s e-mail address.',
    requirements: [
      'artwork',
      'published-episode',
      'itunes-tags',
      'explicit-rating',
      'email',
      'rss-feed',
      'content-guidelines',
    ],
    category: 'music-app',
    active: true,
  },
  {
    id: 'amazon-music',
    name: 'Amazon Music',
    icon: 'AM',
    submitUrl: 'https://podcasters.amazon.com/',
    helpUrl: 'https://podcasters.amazon.com/',
    reviewTime: '3 to 5 days',
    description: 'Submitted through Amazon Music for Podcasters; also reaches Audible.',
    requirements: ['artwork', 'published-episode', 'itunes-tags', 'email', 'rss-feed'],
    category: 'music-app',
    active: true,
  },
  {
    id: 'youtube-music',
    name: 'YouTube Music',
    icon: 'YT',
    submitUrl: 'https://studio.youtube.com/',
    helpUrl: 'https://support.google.com/youtube/answer/13525207',
    reviewTime: '1 to 2 days',
    description: 'Added in YouTube Studio (Create → New podcast → RSS feed) to a YouTube channel.',
    requirements: [
      'artwork',
      'published-episode',
      'email',
      'rss-feed',
      'content-guidelines',
      'youtube-channel',
    ],
    category: 'music-app',
    active: true,
  },
];

export function directoryEntry(id: DirectoryId): DirectoryCatalogueEntry {
  const entry = DIRECTORY_CATALOGUE.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`No directory ${id}`);
  return entry;
}
