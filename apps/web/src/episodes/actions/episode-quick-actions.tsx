import { episodeMessages, type Episode } from '@castbase/contracts';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PencilIcon, SendIcon, ShareIcon, TrashIcon } from '../../shared/icons/icons.js';
import { canPublish, editEpisodePath } from './episode-links.js';
import type { EpisodeAction } from './use-episode-actions.js';

export interface EpisodeQuickActionsProps {
  episode: Episode;
  podcastId: string;
  /** Editors and owners: edit, publish and delete; everyone: share (published episodes). */
  canEdit: boolean;
  onAction: (action: EpisodeAction, episode: Episode) => void;
}

/** A row of the most used actions: edit, publish, share and delete. */
export function EpisodeQuickActions({ episode, podcastId, canEdit, onAction }: EpisodeQuickActionsProps) {
  const published = episode.status === 'published';
  return (
    <Group gap={4} wrap="nowrap">
      {canEdit && (
        <QuickAction tip="Edit">
          <ActionIcon
            component={Link}
            to={editEpisodePath(podcastId, episode.id)}
            variant="subtle"
            size={44}
            aria-label={`Edit ${episode.title}`}
          >
            <PencilIcon size={20} />
          </ActionIcon>
        </QuickAction>
      )}
      {canEdit && !published && (
        <QuickAction tip={episode.media ? 'Publish' : episodeMessages.mediaRequiredToPublish}>
          <ActionIcon
            variant="subtle"
            color="green"
            size={44}
            aria-label={`Publish ${episode.title}`}
            disabled={!canPublish(episode)}
            onClick={() => onAction('publish', episode)}
          >
            <SendIcon size={20} />
          </ActionIcon>
        </QuickAction>
      )}
      {published && (
        <QuickAction tip="Share">
          <ActionIcon
            variant="subtle"
            size={44}
            aria-label={`Share ${episode.title}`}
            onClick={() => onAction('share', episode)}
          >
            <ShareIcon size={20} />
          </ActionIcon>
        </QuickAction>
      )}
      {canEdit && (
        <QuickAction tip="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            aria-label={`Delete ${episode.title}`}
            onClick={() => onAction('delete', episode)}
          >
            <TrashIcon size={20} />
          </ActionIcon>
        </QuickAction>
      )}
    </Group>
  );
}

function QuickAction({ tip, children }: { tip: string; children: ReactNode }) {
  return (
    <Tooltip label={tip} withArrow openDelay={300}>
      {children}
    </Tooltip>
  );
}
