import { z } from 'zod';
import { licenseSchema, locationSchema, webUrlSchema } from './location-and-license.js';

// The channel-level tags of a podcast's feed that a creator sets beside its settings (the RSS tab): Apple's
// itunes:block and itunes:complete, and the Podcasting 2.0 namespace's license, location, updateFrequency, podroll and
// txt. Funding, persons, value, locked, medium and guid are the podcast's own fields (podcast.ts; podcast:guid's
// value is made by podcast-guid.ts).

export const PODROLL_MAX = 50;
export const CHANNEL_TXT_MAX = 20;
/** podcast:txt holds at most 4000 characters; its purpose attribute at most 128. */
export const CHANNEL_TXT_MAX_LENGTH = 4000;
export const CHANNEL_TXT_PURPOSE_MAX_LENGTH = 128;
export const UPDATE_FREQUENCY_TEXT_MAX_LENGTH = 128;

export const podcastChannelMessages = {
  podrollGuid: 'Enter the podcast:guid of the recommended podcast (a UUID)',
  podrollUrl: 'Please enter a valid URL',
  podrollTooMany: `At most ${PODROLL_MAX} podcasts can be recommended`,
  txtRequired: 'Text is required',
  txtTooLong: `Text must be ${CHANNEL_TXT_MAX_LENGTH} characters or fewer`,
  txtPurposeTooLong: `Purpose must be ${CHANNEL_TXT_PURPOSE_MAX_LENGTH} characters or fewer`,
  txtTooMany: `At most ${CHANNEL_TXT_MAX} text entries are allowed`,
  updateFrequencyRequired: 'Describe the schedule, e.g. "Every Monday"',
  updateFrequencyTooLong: `Schedule must be ${UPDATE_FREQUENCY_TEXT_MAX_LENGTH} characters or fewer`,
  rruleInvalid: 'Repeat rule must be an iCalendar RRULE, e.g. "FREQ=WEEKLY;BYDAY=MO"',
} as const;

/** A podcast recommended in the podroll (podcast:remoteItem medium="podcast"). */
export const podrollItemSchema = z.object({
  feedGuid: z.uuid(podcastChannelMessages.podrollGuid),
  feedUrl: webUrlSchema(podcastChannelMessages.podrollUrl).optional(),
  title: z.string().trim().max(128).optional(),
});
export type PodrollItem = z.infer<typeof podrollItemSchema>;

/** podcast:txt: free text for machines (a verification code: purpose 'verify'). */
export const channelTxtSchema = z.object({
  purpose: z
    .string()
    .trim()
    .max(CHANNEL_TXT_PURPOSE_MAX_LENGTH, podcastChannelMessages.txtPurposeTooLong)
    .optional(),
  value: z
    .string()
    .trim()
    .min(1, podcastChannelMessages.txtRequired)
    .max(CHANNEL_TXT_MAX_LENGTH, podcastChannelMessages.txtTooLong),
});
export type ChannelTxt = z.infer<typeof channelTxtSchema>;

const RRULE_PATTERN =
  /^FREQ=(?:SECONDLY|MINUTELY|HOURLY|DAILY|WEEKLY|MONTHLY|YEARLY)(?:;[A-Z]+=[A-Z0-9,+-]+)*$/;

/** podcast:updateFrequency: how often episodes come, for a person (text) and for an app (rrule); complete when done. */
export const updateFrequencySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, podcastChannelMessages.updateFrequencyRequired)
    .max(UPDATE_FREQUENCY_TEXT_MAX_LENGTH, podcastChannelMessages.updateFrequencyTooLong),
  rrule: z.string().trim().regex(RRULE_PATTERN, podcastChannelMessages.rruleInvalid).optional(),
  complete: z.boolean().default(false),
});
export type UpdateFrequency = z.infer<typeof updateFrequencySchema>;

/** The schedules the settings offer ready-made (podcast:updateFrequency's text and rrule), beside a custom one. */
export const UPDATE_FREQUENCY_PRESETS = [
  { key: 'daily', label: 'Daily', text: 'Daily', rrule: 'FREQ=DAILY' },
  { key: 'weekly', label: 'Weekly', text: 'Weekly', rrule: 'FREQ=WEEKLY' },
  { key: 'biweekly', label: 'Every two weeks', text: 'Every two weeks', rrule: 'FREQ=WEEKLY;INTERVAL=2' },
  { key: 'monthly', label: 'Monthly', text: 'Monthly', rrule: 'FREQ=MONTHLY' },
] as const;

/** The channel fields as stored, read and saved (every one with its default, so older clients may omit them). */
export const podcastChannelFieldsShape = {
  /** itunes:block and podcast:block: keep the show out of directories while the feed stays readable. */
  feedBlock: z.boolean().default(false),
  /** itunes:complete: no more episodes will come. */
  feedComplete: z.boolean().default(false),
  license: licenseSchema.nullable().default(null),
  location: locationSchema.nullable().default(null),
  updateFrequency: updateFrequencySchema.nullable().default(null),
  podroll: z.array(podrollItemSchema).max(PODROLL_MAX, podcastChannelMessages.podrollTooMany).default([]),
  txt: z.array(channelTxtSchema).max(CHANNEL_TXT_MAX, podcastChannelMessages.txtTooMany).default([]),
};
export const podcastChannelFieldsSchema = z.object(podcastChannelFieldsShape);
export type PodcastChannelFields = z.output<typeof podcastChannelFieldsSchema>;

/** A podcast whose creator has set none of them. */
export function defaultPodcastChannelFields(): PodcastChannelFields {
  return {
    feedBlock: false,
    feedComplete: false,
    license: null,
    location: null,
    updateFrequency: null,
    podroll: [],
    txt: [],
  };
}
