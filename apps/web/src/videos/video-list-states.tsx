import { videoMessages as text } from '@castbase/contracts';
import { Button, EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertIcon, VideoIcon } from '../shared/icons/icons.js';

/** 'No Video Episodes', with the upload action for those who may upload. */
export function NoVideoEpisodes({ action }: { action: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <EmptyState
        variant="light"
        size="lg"
        icon={<VideoIcon size={28} />}
        title={text.noVideoEpisodes}
        description="Episodes uploaded as video appear here, ready to play, trim, export or turn into a short."
      >
        {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}

/** 'Failed to load video' with Retry. */
export function VideoListFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} role="alert">
      <EmptyState
        variant="light"
        size="lg"
        color="red"
        icon={<AlertIcon size={28} />}
        title={text.loadFailed}
        description="The video episodes could not be read. Check your connection and retry."
      >
        <EmptyState.Actions>
          <Button onClick={onRetry}>{text.retry}</Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
