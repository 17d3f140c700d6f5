// The episode action components (spec 2 §2 "Episode action components"), shared by the list, the editor and the
// dashboard.
export { ConfirmActionModal, type ConfirmActionModalProps } from './confirm-action-modal.js';
export { EpisodeActionDialogs } from './episode-action-dialogs.js';
export { EmbedEpisodeModal, type EmbedEpisodeModalProps } from './embed-episode-modal.js';
export { EpisodeActionMenu, type EpisodeActionMenuProps } from './episode-action-menu.js';
export {
  canPublish,
  editEpisodePath,
  episodeAnalyticsPath,
  publicEpisodePath,
  type EpisodeEditorNavigationState,
} from './episode-links.js';
export { EpisodeQuickActions, type EpisodeQuickActionsProps } from './episode-quick-actions.js';
export { EpisodeStatusBadge } from './episode-status-badge.js';
export { ScheduleEpisodeModal, type ScheduleEpisodeModalProps } from './schedule-episode-modal.js';
export { ShareEpisodeModal, type ShareEpisodeModalProps } from './share-episode-modal.js';
export { useCreatorTimeZone } from './use-creator-time-zone.js';
export {
  failureMessage,
  useEpisodeActions,
  type EpisodeAction,
  type EpisodeActionOutcome,
  type EpisodeActions,
} from './use-episode-actions.js';
