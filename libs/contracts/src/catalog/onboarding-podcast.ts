import { z } from 'zod';
import { PRODUCT_NAME } from '../shared/product.js';
import { defaultSubcategory, isCategoryName, isCategoryValue, type PodcastCategory } from './categories.js';
import { isLanguageCode } from './languages.js';
import {
  HOST_NAME_MAX,
  PODCAST_DESCRIPTION_MAX,
  PODCAST_NAME_MAX,
  normalizeNames,
  normalizeTags,
  podcastMessages,
  type CreatePodcastInput,
} from './podcast.js';

export const ONBOARDING_DESCRIPTION_MIN = 50;
/** Onboarding waits this long after creating the podcast before going to its dashboard. */
export const ONBOARDING_COMPLETION_WAIT_MS = 500;

export const onboardingMessages = {
  nameRequired: podcastMessages.nameRequired,
  nameTooLong: 'Podcast name must be less than 255 characters',
  descriptionRequired: 'Description is required',
  descriptionTooShort: 'Description must be at least 50 characters (Apple Podcasts requirement)',
  descriptionTooLong: podcastMessages.descriptionTooLong,
  categoryRequired: 'Category is required',
  subcategoryRequired: 'Subcategory is required',
  languageRequired: 'Language is required',
  hostRequired: 'Host name is required',
  hostTooLong: podcastMessages.hostTooLong,
  contentRatingRequired: podcastMessages.contentRatingRequired,
  stepIncomplete: 'Please complete this step before proceeding',
  failed: 'Onboarding failed',
  skipHint: 'You can always create a podcast later from your dashboard',
  creating: 'Creating your podcast...',
  create: 'Create podcast',
  artHint: 'Recommended: 1400x1400 pixels (JPG or PNG)',
  welcome: `Welcome to ${PRODUCT_NAME}!`,
  continueToPodcast: 'Continue to Podcast Creation →',
  exitTitle: 'Exit onboarding?',
  exitConfirm: 'Your profile, podcast details and uploaded album art will be deleted.',
  welcomeBody: "Your profile is ready. Next, let's set up your podcast.",
  logoRemoveFailed: 'Failed to remove logo',
} as const;

export const ONBOARDING_STEPS = [
  { id: 'basic', title: 'Basic Info', heading: 'Podcast Details' },
  { id: 'host', title: 'Host & Settings', heading: 'Host & Settings' },
  { id: 'art', title: 'Podcast Album Art', heading: 'Podcast Album Art' },
  { id: 'review', title: 'Review & Launch', heading: 'Review & Launch' },
] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number]['id'];

/** The wizard's progress line, 'Step n of 4' (n counts from 1). */
export function onboardingStepProgress(stepNumber: number): string {
  return `Step ${stepNumber} of ${ONBOARDING_STEPS.length}`;
}

export interface OnboardingPodcastForm {
  podcastName: string;
  description: string;
  category: PodcastCategory;
  /** 'Category:Sub', or the category itself when it has no subcategories. */
  subcategory: string;
  tags: string[];
  hostName: string;
  coHosts: string[];
  language: string;
  explicit: boolean | null;
  logoMediaId: string | null;
  logoUrl: string | null;
}

export const ONBOARDING_FORM_DEFAULTS: OnboardingPodcastForm = {
  podcastName: '',
  description: '',
  category: 'Arts',
  subcategory: 'Arts:Books',
  tags: [],
  hostName: '',
  coHosts: [],
  language: 'en-us',
  explicit: false,
  logoMediaId: null,
  logoUrl: null,
};

/** Changing the category resets the subcategory (spec 1 §5). */
export function withCategory(form: OnboardingPodcastForm, category: PodcastCategory): OnboardingPodcastForm {
  return { ...form, category, subcategory: defaultSubcategory(category) };
}

/** Adds what was typed in the tag box (comma-separated) to the tags. */
export function addTags(tags: readonly string[], typed: string): string[] {
  return normalizeTags([...tags, typed]);
}

export function addCoHost(coHosts: readonly string[], typed: string): string[] {
  return normalizeNames([...coHosts, typed]);
}

const basicStep = z.object({
  podcastName: z
    .string()
    .trim()
    .min(1, onboardingMessages.nameRequired)
    .max(PODCAST_NAME_MAX - 1, onboardingMessages.nameTooLong),
  description: z
    .string()
    .trim()
    .min(1, onboardingMessages.descriptionRequired)
    .min(ONBOARDING_DESCRIPTION_MIN, onboardingMessages.descriptionTooShort)
    .max(PODCAST_DESCRIPTION_MAX - 1, onboardingMessages.descriptionTooLong),
  category: z.string().refine(isCategoryName, onboardingMessages.categoryRequired),
  subcategory: z.string().refine(isCategoryValue, onboardingMessages.subcategoryRequired),
});

const hostStep = z.object({
  hostName: z
    .string()
    .trim()
    .min(1, onboardingMessages.hostRequired)
    .max(HOST_NAME_MAX - 1, onboardingMessages.hostTooLong),
  language: z.string().refine(isLanguageCode, onboardingMessages.languageRequired),
  explicit: z.boolean({ error: onboardingMessages.contentRatingRequired }),
});

/** Field errors of one wizard step (empty when it may be left); the logo step has none. */
export function validateOnboardingStep(
  step: OnboardingStepId,
  form: OnboardingPodcastForm,
): Partial<Record<keyof OnboardingPodcastForm, string>> {
  const schema = step === 'basic' ? basicStep : step === 'host' ? hostStep : null;
  if (!schema) return {};
  const result = schema.safeParse(form);
  if (result.success) return {};
  const errors: Partial<Record<keyof OnboardingPodcastForm, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof OnboardingPodcastForm;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The 'Apple Podcasts Compliance' checklist of the review step. */
export function complianceChecklist(
  form: OnboardingPodcastForm,
): Array<{ label: string; ok: boolean; recommended?: boolean }> {
  return [
    { label: 'Podcast name', ok: form.podcastName.trim() !== '' },
    {
      label: 'Description (50+ characters)',
      ok: form.description.trim().length >= ONBOARDING_DESCRIPTION_MIN,
    },
    { label: 'Category', ok: isCategoryValue(form.subcategory) },
    { label: 'Language', ok: isLanguageCode(form.language) },
    { label: 'Host name', ok: form.hostName.trim() !== '' },
    { label: 'Content rating', ok: typeof form.explicit === 'boolean' },
    { label: 'Album art (recommended)', ok: form.logoMediaId !== null, recommended: true },
  ];
}

/** The create request onboarding sends: trimmed values, the category from the subcategory. */
export function onboardingToCreateInput(form: OnboardingPodcastForm): CreatePodcastInput {
  return {
    name: form.podcastName.trim(),
    description: form.description.trim(),
    category: form.subcategory,
    language: form.language,
    author: form.hostName.trim(),
    coHosts: form.coHosts,
    explicit: form.explicit === true,
    type: 'episodic',
    tags: form.tags,
    artworkMediaId: form.logoMediaId,
    websiteUrl: '',
    fundingLinks: [],
    socialLinks: [],
  };
}
