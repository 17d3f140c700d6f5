import { episodeMessages } from '@castbase/contracts';
import { Text } from '@mantine/core';
import { ConfirmActionModal } from './confirm-action-modal.js';
import { EmbedEpisodeModal } from './embed-episode-modal.js';
import { formatInTimeZone } from './schedule-time.js';
import { ScheduleEpisodeModal } from './schedule-episode-modal.js';
import { ShareEpisodeModal } from './share-episode-modal.js';
import { useCreatorTimeZone } from './use-creator-time-zone.js';
import type { EpisodeActions } from './use-episode-actions.js';

interface EpisodeActionDialogsProps {
  actions: EpisodeActions;
  /** The podcast's artwork, for the embed code of an episode without its own. */
  podcastArtworkUrl?: string | null;
}

/** The modals of `useEpisodeActions`: the confirmations, the schedule form, the share and the embed modals. */
export function EpisodeActionDialogs({ actions, podcastArtworkUrl = null }: EpisodeActionDialogsProps) {
  const timeZone = useCreatorTimeZone();
  const { dialog, running, dialogError, closeDialog, confirm } = actions;
  const episode = dialog?.episode ?? null;
  const pending = running !== null && running.episodeId === episode?.id;
  const confirmation = (action: 'unpublish' | 'cancelSchedule' | 'delete') => ({
    opened: dialog?.action === action,
    pending,
    error: dialogError,
    onConfirm: confirm,
    onClose: closeDialog,
  });

  return (
    <>
      <ConfirmActionModal
        {...confirmation('unpublish')}
        title="Unpublish Episode"
        message={episodeMessages.unpublishWarning}
        confirmLabel="Unpublish"
        confirmColor="orange"
      />
      <ConfirmActionModal
        {...confirmation('cancelSchedule')}
        title="Cancel Schedule"
        message={
          <Text>
            <strong>{episode?.title}</strong> goes back to draft
            {episode?.scheduledReleaseDate
              ? ` and will not be published on ${formatInTimeZone(episode.scheduledReleaseDate, timeZone)}`
              : ''}
            .
          </Text>
        }
        confirmLabel="Cancel Schedule"
        cancelLabel="Keep Schedule"
      />
      <ConfirmActionModal
        {...confirmation('delete')}
        title="Delete Episode"
        message={
          <Text>
            <strong>{episode?.title}</strong> will be deleted permanently, with its version history. This
            cannot be undone.
          </Text>
        }
        confirmLabel="Delete Episode"
        confirmColor="red"
      />
      <ScheduleEpisodeModal
        episode={dialog?.action === 'schedule' ? dialog.episode : null}
        pending={pending && running ? (running.action === 'publish' ? 'publish' : 'schedule') : null}
        error={dialogError}
        onSchedule={actions.schedule}
        onPublishNow={actions.publishNow}
        onClose={closeDialog}
      />
      <ShareEpisodeModal
        episode={dialog?.action === 'share' ? dialog.episode : null}
        podcastArtworkUrl={podcastArtworkUrl}
        onClose={closeDialog}
      />
      <EmbedEpisodeModal
        episode={dialog?.action === 'embed' ? dialog.episode : null}
        podcastArtworkUrl={podcastArtworkUrl}
        onClose={closeDialog}
      />
    </>
  );
}
