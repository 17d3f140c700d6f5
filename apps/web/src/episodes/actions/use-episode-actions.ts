import { episodeMessages, type Episode } from '@castbase/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { episodeQueryKeys, episodesApi, invalidateEpisodes } from '../../shared/episodes/episodes-api.js';
import { useSuccessBanner } from '../../shared/layout/use-success-banner.js';
import { formatInTimeZone } from './schedule-time.js';
import { useCreatorTimeZone } from './use-creator-time-zone.js';

/** What can be done to an episode from its menu, its quick actions or the editor. */
export type EpisodeAction =
  'publish' | 'unpublish' | 'schedule' | 'cancelSchedule' | 'duplicate' | 'delete' | 'share' | 'embed';

/** The actions that run on the server (share and embed only open a modal). */
type ServerAction = Exclude<EpisodeAction, 'share' | 'embed'>;

const opensOnlyAModal = (action: EpisodeAction): action is 'share' | 'embed' =>
  action === 'share' || action === 'embed';

/** Actions asked about first, and the one modal each opens. */
const actionsWithDialog: ReadonlySet<EpisodeAction> = new Set([
  'unpublish',
  'schedule',
  'cancelSchedule',
  'delete',
  'share',
  'embed',
]);

export interface EpisodeActionOutcome {
  action: ServerAction;
  /** The episode the action was asked of. */
  episode: Episode;
  /** The episode after it (the copy for duplicate); null after delete. */
  result: Episode | null;
  message: string;
}

interface ActionRun {
  action: ServerAction;
  episode: Episode;
  scheduledReleaseDate?: string;
  /** Asked from a modal, which shows the failure itself; otherwise the screen shows it. */
  fromDialog: boolean;
}

export interface EpisodeActionsOptions {
  /** After an action succeeds (the episode queries are already being read again). */
  onSuccess?: (outcome: EpisodeActionOutcome) => void;
}

/**
 * Publish, unpublish (confirmed), schedule, cancel schedule (confirmed), duplicate and delete (confirmed) for the
 * episodes of a podcast, with the spec's success and failure messages. `request` runs an action or opens its modal;
 * `EpisodeActionDialogs` shows the modals of the hook it is given.
 */
export function useEpisodeActions(podcastId: string, { onSuccess }: EpisodeActionsOptions = {}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const timeZone = useCreatorTimeZone();
  const banner = useSuccessBanner();
  const [dialog, setDialog] = useState<{ action: EpisodeAction; episode: Episode } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationKey: ['episodes', 'action', podcastId],
    mutationFn: (run: ActionRun) => send(api, run),
    onSuccess: async (result, run) => {
      if (run.action === 'delete') {
        queryClient.removeQueries({ queryKey: episodeQueryKeys.one(run.episode.id) });
        queryClient.removeQueries({ queryKey: episodeQueryKeys.versions(run.episode.id) });
      }
      setDialog(null);
      const message = successMessage(run.action, result, timeZone);
      banner.show(message);
      onSuccess?.({ action: run.action, episode: run.episode, result, message });
      await invalidateEpisodes(queryClient);
    },
    onError: (error, run) => {
      if (!run.fromDialog) setFailure(failureMessage(run.action, error));
    },
  });

  function run(action: ServerAction, episode: Episode, fromDialog: boolean, scheduledReleaseDate?: string) {
    setFailure(null);
    mutation.reset();
    mutation.mutate({
      action,
      episode,
      fromDialog,
      ...(scheduledReleaseDate ? { scheduledReleaseDate } : {}),
    });
  }

  function request(action: EpisodeAction, episode: Episode) {
    setFailure(null);
    mutation.reset();
    if (actionsWithDialog.has(action)) setDialog({ action, episode });
    else if (!opensOnlyAModal(action)) run(action, episode, false);
  }

  const running = mutation.isPending ? mutation.variables : undefined;
  return {
    request,
    /** The open modal, if any. */
    dialog,
    closeDialog: () => {
      if (!mutation.isPending) setDialog(null);
    },
    /** Confirms the open confirmation (unpublish, cancel schedule, delete). */
    confirm: () => {
      if (dialog && !opensOnlyAModal(dialog.action) && dialog.action !== 'schedule')
        run(dialog.action, dialog.episode, true);
    },
    schedule: (scheduledReleaseDate: string) => {
      if (dialog) run('schedule', dialog.episode, true, scheduledReleaseDate);
    },
    /** Publish Now from the schedule form. */
    publishNow: () => {
      if (dialog) run('publish', dialog.episode, true);
    },
    /** The action running and its episode. */
    running: running ? { action: running.action, episodeId: running.episode.id } : null,
    /** Why the open modal's action failed. */
    dialogError:
      dialog && mutation.isError && mutation.variables?.fromDialog
        ? failureMessage(mutation.variables.action, mutation.error)
        : null,
    /** Messages for the screen: a success (for 3 s) or the failure of an action without a modal. */
    success: banner.message,
    dismissSuccess: banner.dismiss,
    failure,
    dismissFailure: () => setFailure(null),
  };
}

export type EpisodeActions = ReturnType<typeof useEpisodeActions>;

async function send(api: ReturnType<typeof useApiClient>, run: ActionRun): Promise<Episode | null> {
  const id = run.episode.id;
  switch (run.action) {
    case 'publish':
      return episodesApi.publish(api, id);
    case 'unpublish':
      return episodesApi.unpublish(api, id);
    case 'schedule':
      return episodesApi.schedule(api, id, run.scheduledReleaseDate ?? '');
    case 'cancelSchedule':
      return episodesApi.cancelSchedule(api, id);
    case 'duplicate':
      return episodesApi.duplicate(api, id);
    case 'delete':
      await episodesApi.remove(api, id);
      return null;
  }
}

function successMessage(action: ServerAction, result: Episode | null, timeZone: string): string {
  switch (action) {
    case 'publish':
      return episodeMessages.published;
    case 'unpublish':
      return episodeMessages.unpublished;
    case 'schedule':
      return episodeMessages.scheduled(
        result?.scheduledReleaseDate ? formatInTimeZone(result.scheduledReleaseDate, timeZone) : '',
      );
    case 'cancelSchedule':
      return episodeMessages.scheduleCanceled;
    case 'duplicate':
      return episodeMessages.duplicated;
    case 'delete':
      return episodeMessages.deleted;
  }
}

/** The spec's failure message of each action (spec 2 §8). */
export function failureMessage(action: ServerAction, error: unknown): string {
  switch (action) {
    case 'publish':
      return episodeMessages.publishFailed(errorMessageOf(error));
    case 'schedule':
      return episodeMessages.scheduleFailed(errorMessageOf(error));
    case 'unpublish':
      return episodeMessages.statusFailed;
    case 'cancelSchedule':
      return episodeMessages.cancelScheduleFailed;
    case 'duplicate':
      return episodeMessages.duplicateFailed;
    case 'delete':
      return episodeMessages.deleteFailed;
  }
}
