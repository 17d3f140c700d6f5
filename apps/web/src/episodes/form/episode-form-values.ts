import {
  emptyPodcasting20Fields,
  episodeFormProblems,
  isVideoMedia,
  type CreateEpisodeInput,
  type Episode,
  type EpisodeFormField,
  type EpisodeStatus,
  type EpisodeType,
  type MediaFile,
  type Podcasting20Fields,
  type UpdateEpisodeInput,
} from '@castbase/contracts';

/** The episode's audio or video as the form holds it: an uploaded media file or the episode's own. */
export interface EpisodeMediaValue {
  mediaId: string;
  fileName: string;
  kind: 'audio' | 'video';
  url: string;
  durationSeconds: number;
  sizeBytes: number;
}

export interface EpisodeArtworkValue {
  mediaId: string;
  url: string;
}

/** The fields the Upload Episode screen and the editor share (spec 2 §3 "Upload draft form"). */
export interface EpisodeFormValues {
  title: string;
  description: string;
  status: EpisodeStatus;
  /** When a scheduled episode publishes itself (ISO date-time), or '' when none. */
  scheduledReleaseDate: string;
  episodeType: EpisodeType;
  seasonNumber: number | null;
  episodeNumber: number | null;
  tags: string[];
  enableRss: boolean;
  explicit: boolean;
  enableVideo: boolean;
  podcastBlock: boolean;
  media: EpisodeMediaValue | null;
  artwork: EpisodeArtworkValue | null;
  /** Transcripts, chapters, soundbites, credits, Value4Value, funding, location, license, alternate enclosures. */
  podcasting20: Podcasting20Fields;
}

export type EpisodeFormErrors = Partial<Record<EpisodeFormField, string>>;

/** What a new episode's form starts with (the upload screen publishes by default, the editor drafts). */
export function newEpisodeValues(status: EpisodeStatus, nextEpisodeNumber: number | null): EpisodeFormValues {
  return {
    title: '',
    description: '',
    status,
    scheduledReleaseDate: '',
    episodeType: 'full',
    seasonNumber: 1,
    episodeNumber: nextEpisodeNumber,
    tags: [],
    enableRss: true,
    explicit: false,
    enableVideo: false,
    podcastBlock: false,
    media: null,
    artwork: null,
    podcasting20: emptyPodcasting20Fields(),
  };
}

/** The form's values for a stored episode. */
export function valuesFromEpisode(episode: Episode): EpisodeFormValues {
  return {
    title: episode.title,
    description: episode.description,
    status: episode.status,
    scheduledReleaseDate: episode.scheduledReleaseDate ?? '',
    episodeType: episode.episodeType,
    seasonNumber: episode.seasonNumber,
    episodeNumber: episode.episodeNumber,
    tags: episode.tags,
    enableRss: episode.enableRss,
    explicit: episode.explicit,
    enableVideo: episode.enableVideo,
    podcastBlock: episode.podcastBlock,
    media: episode.media
      ? {
          mediaId: episode.media.mediaId,
          fileName: episode.media.fileName,
          kind: isVideoMedia(episode.media) ? 'video' : 'audio',
          url: episode.media.url,
          durationSeconds: episode.media.durationSeconds,
          sizeBytes: episode.media.sizeBytes,
        }
      : null,
    artwork:
      episode.artworkMediaId && episode.artworkUrl
        ? { mediaId: episode.artworkMediaId, url: episode.artworkUrl }
        : null,
    podcasting20: {
      transcripts: episode.transcripts,
      chapters: episode.chapters,
      soundbites: episode.soundbites,
      persons: episode.persons,
      value: episode.value,
      location: episode.location,
      funding: episode.funding,
      license: episode.license,
      alternateEnclosures: episode.alternateEnclosures,
    },
  };
}

/** A processed upload as the form's media. */
export function mediaValueOf(file: MediaFile): EpisodeMediaValue {
  return {
    mediaId: file.id,
    fileName: file.fileName,
    kind: file.kind === 'video' ? 'video' : 'audio',
    url: file.url,
    durationSeconds: file.durationSeconds,
    sizeBytes: file.sizeBytes,
  };
}

/**
 * Choosing a video clears any audio and turns video on; choosing audio clears any video and turns video off (spec 2
 * §2): the episode has one media file, and its kind decides `enableVideo`.
 */
export function mediaChange(media: EpisodeMediaValue | null): Partial<EpisodeFormValues> {
  return { media, enableVideo: media?.kind === 'video' };
}

/** Each field's first problem under the upload screen's or the edit form's rules. */
export function problemsOf(form: 'upload' | 'edit', values: EpisodeFormValues): EpisodeFormErrors {
  return episodeFormProblems(form, {
    title: values.title,
    description: values.description,
    status: values.status,
    hasMedia: values.media !== null,
    scheduledReleaseDate: values.scheduledReleaseDate || null,
  });
}

function editedFields(values: EpisodeFormValues) {
  return {
    title: values.title.trim(),
    description: values.description,
    tags: values.tags,
    enableRss: values.enableRss,
    enableVideo: values.enableVideo,
    episodeType: values.episodeType,
    explicit: values.explicit,
    seasonNumber: values.seasonNumber,
    episodeNumber: values.episodeNumber,
    podcastBlock: values.podcastBlock,
    mediaId: values.media?.mediaId ?? null,
    artworkMediaId: values.artwork?.mediaId ?? null,
    ...values.podcasting20,
    status: values.status,
    scheduledReleaseDate:
      values.status === 'scheduled' && values.scheduledReleaseDate ? values.scheduledReleaseDate : null,
  };
}

/** `POST /api/podcasts/{id}/episodes` from the form. */
export function createInputOf(values: EpisodeFormValues): CreateEpisodeInput {
  return editedFields(values);
}

/** `PATCH /api/episodes/{id}` from the form, made from the revision the editor loaded. */
export function updateInputOf(values: EpisodeFormValues, revision: number): UpdateEpisodeInput {
  return { ...editedFields(values), revision };
}
