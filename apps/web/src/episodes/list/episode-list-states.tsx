import { episodeMessages } from '@castbase/contracts';
import { Button, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { AlertIcon, ListIcon, SearchIcon, UploadIcon } from '../../shared/icons/icons.js';

/** No episode at all: the way to the first upload (or to the dashboard when no podcast is known). */
export function NoEpisodesYet({ uploadPath, canEdit }: { uploadPath: string; canEdit: boolean }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <EmptyState variant="light" size="lg" icon={<ListIcon size={28} />}>
        <EmptyState.Title order={2}>No episodes yet</EmptyState.Title>
        <EmptyState.Description>
          {canEdit
            ? 'Upload audio or video to create the first episode of this podcast.'
            : 'Episodes appear here once the podcast has some.'}
        </EmptyState.Description>
        {canEdit && (
          <EmptyState.Actions>
            <Button component={Link} to={uploadPath} leftSection={<UploadIcon size={18} />}>
              Upload Your First Episode
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
}

/** The filters exclude every episode. */
export function NoMatchingEpisodes({ onClearAll }: { onClearAll: () => void }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <EmptyState variant="light" size="lg" icon={<SearchIcon size={28} />}>
        <EmptyState.Title order={2}>{episodeMessages.noMatches}</EmptyState.Title>
        <EmptyState.Description>
          Try another search, or clear the filters to see every episode.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button variant="light" onClick={onClearAll}>
            Clear All Filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

export function EpisodesLoadFailure({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} role="alert">
      <EmptyState variant="light" size="lg" color="red" icon={<AlertIcon size={28} />}>
        <EmptyState.Title order={2}>{episodeMessages.loadFailed}</EmptyState.Title>
        <EmptyState.Description>{errorMessageOf(error)}</EmptyState.Description>
        <EmptyState.Actions>
          <Button onClick={onRetry} loading={retrying}>
            Retry
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

export function EpisodesLoading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading episodes">
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={104} radius="md" />
      ))}
    </Stack>
  );
}
