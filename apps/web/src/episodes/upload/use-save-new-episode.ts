import {
  episodeMessages,
  UPLOAD_REDIRECT_DELAY_MS,
  uploadFailureMessage,
  uploadProgressSteps,
  type Episode,
} from '@castbase/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessageOf } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { episodeQueryKeys, episodesApi, invalidateEpisodes } from '../../shared/episodes/episodes-api.js';
import { withSuccessMessage } from '../../shared/layout/navigation-message.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { formatInTimeZone } from '../actions/schedule-time.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';
import { createInputOf, type EpisodeFormValues } from '../form/episode-form-values.js';
import type { UploadProgress } from './upload-progress.js';

/** The message a published or scheduled episode brings to the dashboard. */
function savedMessage(episode: Episode, timeZone: string): string {
  if (episode.status === 'published') return episodeMessages.published;
  if (episode.status === 'scheduled' && episode.scheduledReleaseDate)
    return episodeMessages.scheduled(formatInTimeZone(episode.scheduledReleaseDate, timeZone));
  return episodeMessages.saved;
}

/**
 * The Upload Episode screen's save: 70 before the payload is built, 90 before the create call, 100 when done; a
 * draft then opens its edit screen after 1 s, anything else goes to the dashboard. A failure reads as spec 2 §8.
 */
export function useSaveNewEpisode(podcastId: string, onProgress: (progress: UploadProgress) => void) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timeZone = useCreatorTimeZone();
  const [openingDraft, setOpeningDraft] = useState<Episode | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const save = useMutation({
    mutationFn: async (values: EpisodeFormValues) => {
      onProgress({ percent: uploadProgressSteps.payload, step: 'Preparing the episode' });
      const input = createInputOf(values);
      onProgress({ percent: uploadProgressSteps.creating, step: 'Creating the episode' });
      return episodesApi.create(api, podcastId, input);
    },
    onSuccess: async (episode) => {
      onProgress({ percent: uploadProgressSteps.done, step: 'Done', settled: true });
      queryClient.setQueryData(episodeQueryKeys.one(episode.id), episode);
      await invalidateEpisodes(queryClient);
      if (episode.status === 'draft') {
        setOpeningDraft(episode);
        timer.current = window.setTimeout(
          () => void navigate(podcastPath(podcastId, 'episodes/:episodeId/edit', episode.id)),
          UPLOAD_REDIRECT_DELAY_MS,
        );
        return;
      }
      await navigate(
        podcastPath(podcastId, 'dashboard'),
        withSuccessMessage(savedMessage(episode, timeZone)),
      );
    },
  });

  const failure = save.error
    ? uploadFailureMessage({
        status: save.error instanceof ApiError ? save.error.status : 0,
        message: errorMessageOf(save.error),
      })
    : null;

  return { save, failure, openingDraft };
}
