import type { Podcast, PodcastChannelFields, PodcastSettingsInput } from '@castbase/contracts';

// The channel's feed tags (contracts podcast-channel.ts) as the settings form edits them: text fields hold what was
// typed (an empty field is "not set"), and Save turns them into the contract's values for the schema to check.

export interface PodrollDraft {
  feedGuid: string;
  feedUrl: string;
  title: string;
}

export interface TxtDraft {
  purpose: string;
  value: string;
}

export interface ChannelValues {
  feedBlock: boolean;
  feedComplete: boolean;
  /** null: no license; an identifier '' while another license's name is still to be typed. */
  license: { identifier: string; url: string } | null;
  location: { name: string; geo: string; osm: string };
  updateFrequency: { text: string; rrule: string; complete: boolean };
  podroll: PodrollDraft[];
  txt: TxtDraft[];
}

export function channelValuesOf(podcast: Podcast): ChannelValues {
  return {
    feedBlock: podcast.feedBlock,
    feedComplete: podcast.feedComplete,
    license: podcast.license && { identifier: podcast.license.identifier, url: podcast.license.url ?? '' },
    location: {
      name: podcast.location?.name ?? '',
      geo: podcast.location?.geo ?? '',
      osm: podcast.location?.osm ?? '',
    },
    updateFrequency: {
      text: podcast.updateFrequency?.text ?? '',
      rrule: podcast.updateFrequency?.rrule ?? '',
      complete: podcast.updateFrequency?.complete ?? false,
    },
    podroll: podcast.podroll.map((item) => ({
      feedGuid: item.feedGuid,
      feedUrl: item.feedUrl ?? '',
      title: item.title ?? '',
    })),
    txt: podcast.txt.map((entry) => ({ purpose: entry.purpose ?? '', value: entry.value })),
  };
}

const optional = (text: string) => (text.trim() === '' ? undefined : text);

/** What Save sends for them: blank optional parts left out, a location or schedule with nothing in it is none. */
export function channelInputOf(
  values: ChannelValues,
): Pick<PodcastSettingsInput, keyof PodcastChannelFields> {
  const { location, updateFrequency } = values;
  const hasLocation = [location.name, location.geo, location.osm].some((part) => part.trim() !== '');
  const hasSchedule =
    updateFrequency.text.trim() !== '' || updateFrequency.rrule.trim() !== '' || updateFrequency.complete;
  return {
    feedBlock: values.feedBlock,
    feedComplete: values.feedComplete,
    license: values.license && {
      identifier: values.license.identifier,
      url: optional(values.license.url) ?? null,
    },
    location: hasLocation
      ? { name: location.name, geo: optional(location.geo), osm: optional(location.osm) }
      : null,
    updateFrequency: hasSchedule
      ? {
          text: updateFrequency.text,
          rrule: optional(updateFrequency.rrule),
          complete: updateFrequency.complete,
        }
      : null,
    podroll: values.podroll.map((item) => ({
      feedGuid: item.feedGuid.trim(),
      feedUrl: optional(item.feedUrl),
      title: optional(item.title),
    })),
    txt: values.txt.map((entry) => ({ purpose: optional(entry.purpose), value: entry.value })),
  };
}
