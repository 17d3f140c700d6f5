import { activeEpisodeFilters, type Episode } from '@castbase/contracts';
import { Button, Group, SegmentedControl, Stack, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { episodeQueryKeys, episodesApi } from '../../shared/episodes/episodes-api.js';
import { CompactListIcon, GridIcon, RowsIcon, UploadIcon } from '../../shared/icons/icons.js';
import { FailureBanner, SuccessBanner } from '../../shared/layout/feedback-banners.js';
import { ScreenFrame } from '../../shared/layout/screen-frame.js';
import { isUnresolvedPodcastId } from '../../shared/podcasts/podcast-ids.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { useCan, usePodcast } from '../../shared/podcasts/use-podcast.js';
import { EpisodeActionDialogs } from '../actions/episode-action-dialogs.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';
import { useEpisodeActions } from '../actions/use-episode-actions.js';
import { EpisodeCompactTable } from './episode-compact-table.js';
import { EpisodeFilterBar } from './episode-filter-bar.js';
import { EpisodeGrid } from './episode-grid.js';
import { useEpisodeListParams } from './episode-list-params.js';
import { EpisodeListRows } from './episode-list-rows.js';
import {
  EpisodesLoadFailure,
  EpisodesLoading,
  NoEpisodesYet,
  NoMatchingEpisodes,
} from './episode-list-states.js';
import { EpisodePagination } from './episode-pagination.js';
import { EpisodeSortBar } from './episode-sort-bar.js';
import type { EpisodeViewProps } from './episode-view-props.js';
import { useEpisodeViewMode, type EpisodeViewMode } from './episode-view-mode.js';

// The video player is loaded the first time a video is played.
const VideoModal = lazy(() => import('../../videos/video-modal.js').then((m) => ({ default: m.VideoModal })));

const views: Record<EpisodeViewMode, (props: EpisodeViewProps) => React.JSX.Element> = {
  list: EpisodeListRows,
  grid: EpisodeGrid,
  compact: EpisodeCompactTable,
};

/** /p/:podcastId/episodes: every episode of the podcast, filtered, sorted and paged on the server. */
export function AllEpisodesScreen() {
  const { podcastId = '' } = useParams();
  const api = useApiClient();
  const podcast = usePodcast(podcastId);
  const canEdit = useCan(podcastId, 'editEpisodes');
  const timeZone = useCreatorTimeZone();
  const params = useEpisodeListParams();
  const [viewMode, setViewMode] = useEpisodeViewMode();
  const [playing, setPlaying] = useState<Episode | null>(null);
  const actions = useEpisodeActions(podcastId);

  const list = useQuery({
    queryKey: episodeQueryKeys.list(podcastId, params.query),
    queryFn: ({ signal }) => episodesApi.list(api, podcastId, params.query, signal),
    enabled: !isUnresolvedPodcastId(podcastId),
    placeholderData: keepPreviousData,
  });
  const page = list.data;
  const filtersActive = activeEpisodeFilters(params.query).length > 0;

  // A page past the end (the last episode of the last page deleted) shows the last page instead.
  const lastPage =
    page !== undefined && page.pageCount > 0 && page.page > page.pageCount ? page.pageCount : null;
  const { update } = params;
  useEffect(() => {
    if (lastPage !== null) update({ page: lastPage }, { replace: true });
  }, [lastPage, update]);

  const uploadPath = isUnresolvedPodcastId(podcastId) ? '/dashboard' : podcastPath(podcastId, 'upload');
  const count = page?.counts.all;
  const View = views[viewMode];
  return (
    <ScreenFrame
      title="All Episodes"
      description={[podcast.data?.name, count === undefined ? null : episodeCount(count)]
        .filter(Boolean)
        .join(' · ')}
      actions={
        canEdit && (
          <Button component={Link} to={uploadPath} leftSection={<UploadIcon size={18} />}>
            Upload Episode
          </Button>
        )
      }
    >
      <SuccessBanner message={actions.success} onClose={actions.dismissSuccess} />
      {actions.failure && <FailureBanner title={actions.failure} onClose={actions.dismissFailure} />}
      {list.isPending ? (
        <EpisodesLoading />
      ) : list.isError && !page ? (
        <EpisodesLoadFailure
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : page && page.counts.all === 0 && !filtersActive ? (
        <NoEpisodesYet uploadPath={uploadPath} canEdit={canEdit} />
      ) : (
        <Stack gap="md">
          <EpisodeFilterBar params={params} page={page} filtersActive={filtersActive} />
          <Group justify="space-between" gap="md" wrap="wrap">
            <EpisodeSortBar params={params} />
            <ViewModeSwitch value={viewMode} onChange={setViewMode} />
          </Group>
          {list.isError && (
            <EpisodesLoadFailure
              error={list.error}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          )}
          {page && page.total === 0 ? (
            <NoMatchingEpisodes onClearAll={params.clearFilters} />
          ) : (
            page && (
              <Stack
                gap="md"
                aria-busy={list.isFetching}
                style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
              >
                <View
                  episodes={page.items}
                  podcastId={podcastId}
                  podcastArtworkUrl={podcast.data?.artworkUrl ?? null}
                  canEdit={canEdit}
                  timeZone={timeZone}
                  onAction={actions.request}
                  onPlay={setPlaying}
                />
                <EpisodePagination params={params} page={page} />
              </Stack>
            )
          )}
        </Stack>
      )}
      <EpisodeActionDialogs actions={actions} podcastArtworkUrl={podcast.data?.artworkUrl ?? null} />
      {playing && (
        <Suspense fallback={null}>
          <VideoModal episode={playing} opened onClose={() => setPlaying(null)} />
        </Suspense>
      )}
    </ScreenFrame>
  );
}

const episodeCount = (count: number) => (count === 1 ? '1 episode' : `${count.toLocaleString()} episodes`);

const viewChoices: Array<{ value: EpisodeViewMode; label: string; Icon: typeof RowsIcon }> = [
  { value: 'list', label: 'List', Icon: RowsIcon },
  { value: 'grid', label: 'Grid', Icon: GridIcon },
  { value: 'compact', label: 'Compact', Icon: CompactListIcon },
];

/** List, grid or compact; the device remembers the choice. */
function ViewModeSwitch({
  value,
  onChange,
}: {
  value: EpisodeViewMode;
  onChange: (mode: EpisodeViewMode) => void;
}) {
  return (
    <Group gap="xs">
      <VisuallyHidden id="episode-view-label">View</VisuallyHidden>
      <SegmentedControl
        aria-labelledby="episode-view-label"
        value={value}
        onChange={onChange}
        data={viewChoices.map(({ value: mode, label, Icon }) => ({
          value: mode,
          label: (
            <Group gap={6} wrap="nowrap">
              <Icon size={16} />
              <span>{label}</span>
            </Group>
          ),
        }))}
      />
    </Group>
  );
}
