import { episodeMessages, type Episode } from '@castbase/contracts';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  icon,
  CalendarIcon,
  CalendarOffIcon,
  ChartBarIcon,
  CopyIcon,
  DotsIcon,
  DownloadIcon,
  EyeIcon,
  EyeOffIcon,
  HistoryIcon,
  PencilIcon,
  SendIcon,
  ShareIcon,
  TrashIcon,
} from '../../shared/icons/icons.js';
import {
  canPublish,
  editEpisodePath,
  episodeAnalyticsPath,
  publicEpisodePath,
  type EpisodeEditorNavigationState,
} from './episode-links.js';
import type { EpisodeAction } from './use-episode-actions.js';

export interface EpisodeActionMenuProps {
  episode: Episode;
  podcastId: string;
  /** Whether the caller may change episodes (editor or owner); viewers get view, share, embed, analytics, download. */
  canEdit: boolean;
  /** Download (the media file) is offered in the list view. */
  withDownload?: boolean;
  onAction: (action: EpisodeAction, episode: Episode) => void;
}

const ICON = 18;

const CodeIcon = icon('CodeIcon', <path d="M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />);

/** The per-episode dropdown of actions (spec 2 §2): what the episode's status and the caller's role allow. */
export function EpisodeActionMenu({
  episode,
  podcastId,
  canEdit,
  withDownload = false,
  onAction,
}: EpisodeActionMenuProps) {
  const published = episode.status === 'published';
  const historyState: EpisodeEditorNavigationState = { openHistory: true };
  const act = (action: EpisodeAction) => () => onAction(action, episode);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={230}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Actions for ${episode.title}`}>
          <DotsIcon size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEdit && (
          <Menu.Item
            component={Link}
            to={editEpisodePath(podcastId, episode.id)}
            leftSection={<PencilIcon size={ICON} />}
          >
            Edit
          </Menu.Item>
        )}
        {published && (
          <Menu.Item
            component="a"
            href={publicEpisodePath(episode.id)}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<EyeIcon size={ICON} />}
          >
            View
          </Menu.Item>
        )}
        {canEdit && !published && (
          <Menu.Item
            leftSection={<SendIcon size={ICON} />}
            disabled={!canPublish(episode)}
            title={episode.media ? undefined : episodeMessages.mediaRequiredToPublish}
            onClick={act('publish')}
          >
            Publish
          </Menu.Item>
        )}
        {canEdit && published && (
          <Menu.Item leftSection={<EyeOffIcon size={ICON} />} onClick={act('unpublish')}>
            Unpublish
          </Menu.Item>
        )}
        {canEdit && !published && (
          <Menu.Item
            leftSection={<CalendarIcon size={ICON} />}
            // A scheduled episode publishes itself, so it needs audio or video as publishing does.
            disabled={!canPublish(episode)}
            title={episode.media ? undefined : episodeMessages.mediaRequiredToPublish}
            onClick={act('schedule')}
          >
            {episode.status === 'scheduled' ? 'Reschedule' : 'Schedule'}
          </Menu.Item>
        )}
        {canEdit && episode.status === 'scheduled' && (
          <Menu.Item leftSection={<CalendarOffIcon size={ICON} />} onClick={act('cancelSchedule')}>
            Cancel Schedule
          </Menu.Item>
        )}
        {canEdit && (
          <Menu.Item
            component={Link}
            to={editEpisodePath(podcastId, episode.id)}
            state={historyState}
            leftSection={<HistoryIcon size={ICON} />}
          >
            History
          </Menu.Item>
        )}
        {canEdit && (
          <Menu.Item leftSection={<CopyIcon size={ICON} />} onClick={act('duplicate')}>
            Duplicate
          </Menu.Item>
        )}
        {published && (
          <Menu.Item leftSection={<ShareIcon size={ICON} />} onClick={act('share')}>
            Share
          </Menu.Item>
        )}
        {published && (
          // Drafts and scheduled episodes have no public audio yet, so nothing to embed.
          <Menu.Item leftSection={<CodeIcon size={ICON} />} onClick={act('embed')}>
            Embed
          </Menu.Item>
        )}
        {published && (
          <Menu.Item
            component={Link}
            to={episodeAnalyticsPath(podcastId, episode.id)}
            leftSection={<ChartBarIcon size={ICON} />}
          >
            Analytics
          </Menu.Item>
        )}
        {withDownload && episode.media && (
          <Menu.Item
            component="a"
            href={episode.media.url}
            download={episode.media.fileName}
            leftSection={<DownloadIcon size={ICON} />}
          >
            Download
          </Menu.Item>
        )}
        {canEdit && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<TrashIcon size={ICON} />} onClick={act('delete')}>
              {/* Mantine draws a coloured item in shade 6 (3.3:1 on white); the theme's red text reads at 4.5:1. */}
              <Text span inherit c="red">
                Delete
              </Text>
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
