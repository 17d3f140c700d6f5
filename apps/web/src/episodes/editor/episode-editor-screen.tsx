import { Button, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { episodeQueryKeys, episodesApi } from '../../shared/episodes/episodes-api.js';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import { useNavigationMessage } from '../../shared/layout/navigation-message.js';
import { ScreenFrame } from '../../shared/layout/screen-frame.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { useCan, usePodcast } from '../../shared/podcasts/use-podcast.js';
import type { EpisodeEditorNavigationState } from '../actions/episode-links.js';
import { EpisodeEditor } from './episode-editor.js';

/** The episode id that opens the editor in create mode. */
export const NEW_EPISODE_ID = 'new';
const NEXT_NUMBER_QUERY = { pageSize: 1 } as const;

function flagsOf(state: unknown, search: URLSearchParams): { openHistory: boolean; preview: boolean } {
  const flags = (typeof state === 'object' && state !== null ? state : {}) as EpisodeEditorNavigationState;
  const queryFlag = (name: string) => search.has(name) && search.get(name) !== 'false';
  return {
    openHistory: flags.openHistory === true || queryFlag('history'),
    preview: flags.preview === true || queryFlag('preview'),
  };
}

/**
 * /p/{podcastId}/episodes/{episodeId}/edit, and 'new' for create mode. The navigation flags open the version history
 * (the list's History action) or preview mode.
 */
export function EpisodeEditorScreen() {
  const { podcastId = '', episodeId = '' } = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  const api = useApiClient();
  const creating = episodeId === NEW_EPISODE_ID;
  const podcast = usePodcast(podcastId);
  const canEdit = useCan(podcastId, 'editEpisodes');
  const message = useNavigationMessage();
  const flags = flagsOf(location.state, search);
  const episode = useQuery({
    queryKey: episodeQueryKeys.one(episodeId),
    queryFn: ({ signal }) => episodesApi.get(api, episodeId, signal),
    enabled: !creating,
  });
  const list = useQuery({
    queryKey: episodeQueryKeys.list(podcastId, NEXT_NUMBER_QUERY),
    queryFn: ({ signal }) => episodesApi.list(api, podcastId, NEXT_NUMBER_QUERY, signal),
    enabled: creating,
  });

  if (flags.preview && !creating)
    return <Navigate to={podcastPath(podcastId, 'episodes/:episodeId/preview', episodeId)} replace />;

  const failed = podcast.error ?? (creating ? null : episode.error);
  if (failed) {
    return (
      <ScreenFrame title="Edit Episode">
        <Stack gap="md" maw={640}>
          <FailureBanner title="Failed to load the episode" error={failed} />
          <Button
            w="fit-content"
            onClick={() => void Promise.all([podcast.refetch(), creating ? null : episode.refetch()])}
          >
            Retry
          </Button>
        </Stack>
      </ScreenFrame>
    );
  }
  if (!podcast.data || (creating ? list.isPending : !episode.data)) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the episode" />
      </Center>
    );
  }
  // A viewer opening 'new' has nothing to create: the list is where they can read episodes.
  if (creating && !canEdit) return <Navigate to={podcastPath(podcastId, 'episodes')} replace />;

  return (
    <EpisodeEditor
      key={episodeId}
      podcast={podcast.data}
      episode={creating ? null : (episode.data ?? null)}
      nextEpisodeNumber={list.data?.nextEpisodeNumber ?? null}
      readOnly={!canEdit}
      openHistory={flags.openHistory}
      arrival={message}
    />
  );
}
