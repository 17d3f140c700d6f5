import { episodeMessages, type Episode, type EpisodeVersion } from '@castbase/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { episodeQueryKeys, episodesApi, invalidateEpisodes } from '../../shared/episodes/episodes-api.js';
import { withSuccessMessage } from '../../shared/layout/navigation-message.js';
import { useSuccessBanner } from '../../shared/layout/use-success-banner.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import {
  createInputOf,
  newEpisodeValues,
  problemsOf,
  updateInputOf,
  valuesFromEpisode,
  type EpisodeFormErrors,
  type EpisodeFormValues,
} from '../form/episode-form-values.js';

const isConflict = (error: unknown) => error instanceof ApiError && error.code === 'EPISODE_EDIT_CONFLICT';

interface EpisodeEditorOptions {
  podcastId: string;
  /** The episode as loaded; null in create mode. */
  episode: Episode | null;
  /** Create mode's episode number. */
  nextEpisodeNumber: number | null;
}

/**
 * The editor's state and its saves (spec 2 §2): every save names the revision it was made from; a refused one
 * (EPISODE_EDIT_CONFLICT) keeps what the person typed on screen until they choose Reload. A published save goes to
 * the dashboard, a new one replaces the route with its edit route, others stay.
 */
export function useEpisodeEditor({ podcastId, episode, nextEpisodeNumber }: EpisodeEditorOptions) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const banner = useSuccessBanner();
  const [loaded, setLoaded] = useState<Episode | null>(episode);
  const [values, setValues] = useState<EpisodeFormValues>(() =>
    episode ? valuesFromEpisode(episode) : newEpisodeValues('draft', nextEpisodeNumber),
  );
  const [errors, setErrors] = useState<EpisodeFormErrors>({});
  const [conflict, setConflict] = useState(false);

  /** The editor now shows `latest`, as stored. */
  function accept(latest: Episode) {
    queryClient.setQueryData(episodeQueryKeys.one(latest.id), latest);
    setLoaded(latest);
    setValues(valuesFromEpisode(latest));
    setErrors({});
    setConflict(false);
  }

  const save = useMutation({
    mutationFn: (toSave: EpisodeFormValues) =>
      loaded
        ? episodesApi.update(api, loaded.id, updateInputOf(toSave, loaded.revision))
        : episodesApi.create(api, podcastId, createInputOf(toSave)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(episodeQueryKeys.one(saved.id), saved);
      void invalidateEpisodes(queryClient);
      if (saved.status === 'published') {
        await navigate(podcastPath(podcastId, 'dashboard'), withSuccessMessage(episodeMessages.published));
      } else if (!loaded) {
        await navigate(podcastPath(podcastId, 'episodes/:episodeId/edit', saved.id), {
          replace: true,
          ...withSuccessMessage(episodeMessages.saved),
        });
      } else {
        accept(saved);
        banner.show(episodeMessages.saved);
      }
    },
    onError: (error) => setConflict(isConflict(error)),
  });

  const reload = useMutation({
    mutationFn: () => episodesApi.get(api, loaded?.id ?? ''),
    onSuccess: (latest) => {
      accept(latest);
      save.reset();
    },
  });

  const restore = useMutation({
    mutationFn: (version: EpisodeVersion) =>
      episodesApi.restore(api, version.episodeId, version.id, loaded?.revision ?? 0),
    onSuccess: (restored) => {
      accept(restored);
      save.reset();
      banner.show(`${episodeMessages.restored}`);
      void invalidateEpisodes(queryClient);
    },
    onError: (error) => setConflict(isConflict(error)),
  });

  function change(patch: Partial<EpisodeFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof EpisodeFormErrors];
      return next;
    });
  }

  /** Checks the edit form's rules, then saves `toSave` (the form, or the form published from the modal). */
  function submit(toSave: EpisodeFormValues = values): boolean {
    const problems = problemsOf('edit', toSave);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return false;
    save.mutate(toSave);
    return true;
  }

  const dirty = loaded
    ? JSON.stringify(values) !== JSON.stringify(valuesFromEpisode(loaded))
    : JSON.stringify(values) !== JSON.stringify(newEpisodeValues('draft', nextEpisodeNumber));

  return {
    loaded,
    values,
    errors,
    change,
    submit,
    save,
    dirty,
    conflict,
    reload,
    restore,
    success: banner.message,
    dismissSuccess: banner.dismiss,
  };
}

export type EpisodeEditorState = ReturnType<typeof useEpisodeEditor>;
