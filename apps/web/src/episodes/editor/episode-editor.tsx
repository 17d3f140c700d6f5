import { EPISODE_EDIT_TITLE_MAX, episodeMessages, type Episode, type Podcast } from '@castbase/contracts';
import { Alert, Button, Grid, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { AlertIcon } from '../../shared/icons/icons.js';
import { FailureBanner, SuccessBanner } from '../../shared/layout/feedback-banners.js';
import { withSuccessMessage } from '../../shared/layout/navigation-message.js';
import { ScreenFrame } from '../../shared/layout/screen-frame.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { EpisodeActionDialogs } from '../actions/episode-action-dialogs.js';
import { useEpisodeActions } from '../actions/use-episode-actions.js';
import { EpisodeDetailsFields } from '../form/episode-details-fields.js';
import { EpisodeNumberingFields } from '../form/episode-settings-panel.js';
import { EditConflictAlert } from './edit-conflict-alert.js';
import { EditorConfirmations, type EditorConfirmation } from './editor-confirmations.js';
import { EditorActionsCard, EditorPodcasting20Card, EditorQuickInfoCard } from './editor-info-cards.js';
import { EditorPublishingCard } from './editor-publishing-card.js';
import { EditorSwitchesCard } from './editor-switches-card.js';
import { EnhancementsTab } from './enhancements-tab.js';
import { MediaFilesTab } from './media-files-tab.js';
import { useEpisodeEditor } from './use-episode-editor.js';
import { VersionHistoryDrawer } from './version-history-drawer.js';

type EditorTab = 'basic' | 'media' | 'enhancements';

interface EpisodeEditorProps {
  podcast: Podcast;
  episode: Episode | null;
  nextEpisodeNumber: number | null;
  readOnly: boolean;
  openHistory: boolean;
  /** The message the previous screen sent along ('Episode duplicated successfully!'). */
  arrival: { message: string | null; dismiss: () => void };
}

/** The editor's three tabs and right column (spec 2 §2 "Episode editor"). */
export function EpisodeEditor({
  podcast,
  episode,
  nextEpisodeNumber,
  readOnly,
  openHistory,
  arrival,
}: EpisodeEditorProps) {
  const navigate = useNavigate();
  const editor = useEpisodeEditor({ podcastId: podcast.id, episode, nextEpisodeNumber });
  const [tab, setTab] = useState<EditorTab>('basic');
  const [historyOpen, setHistoryOpen] = useState(openHistory && episode !== null);
  const [confirming, setConfirming] = useState<EditorConfirmation | null>(null);
  const actions = useEpisodeActions(podcast.id, {
    onSuccess: ({ action, result, message }) => {
      if (action === 'delete')
        void navigate(podcastPath(podcast.id, 'dashboard'), withSuccessMessage(message));
      if (action === 'duplicate' && result)
        void navigate(
          podcastPath(podcast.id, 'episodes/:episodeId/edit', result.id),
          withSuccessMessage(message),
        );
    },
  });
  const { loaded } = editor;
  const dashboard = podcastPath(podcast.id, 'dashboard');

  return (
    <ScreenFrame
      title={readOnly ? 'Episode' : loaded ? 'Edit Episode' : 'New Episode'}
      description={loaded ? loaded.title : `A new episode of ${podcast.name}`}
      actions={
        <>
          {loaded && (
            <>
              <Button
                component={Link}
                to={podcastPath(podcast.id, 'episodes/:episodeId/preview', loaded.id)}
                variant="default"
              >
                Preview
              </Button>
              <Button variant="default" onClick={() => setHistoryOpen(true)}>
                Version History
              </Button>
            </>
          )}
          <Button component={Link} to={podcastPath(podcast.id, 'episodes')} variant="subtle">
            All Episodes
          </Button>
        </>
      }
    >
      {(readOnly ||
        editor.conflict ||
        editor.save.isError ||
        actions.failure ||
        editor.success ||
        arrival.message) && (
        <Stack gap="md">
          {readOnly && (
            <Alert color="yellow" variant="light" icon={<AlertIcon size={20} />} title="View only">
              Your role on this podcast is Viewer: you can read this episode and its history, not change them.
            </Alert>
          )}
          {editor.conflict && <EditConflictAlert editor={editor} />}
          {editor.save.isError && !editor.conflict && (
            <FailureBanner
              title="Episode not saved"
              error={editor.save.error}
              onClose={() => editor.save.reset()}
            />
          )}
          {actions.failure && <FailureBanner title={actions.failure} onClose={actions.dismissFailure} />}
          <SuccessBanner message={arrival.message} onClose={arrival.dismiss} />
          <SuccessBanner message={editor.success} onClose={editor.dismissSuccess} />
        </Stack>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tabs value={tab} onChange={(next) => next && setTab(next as EditorTab)}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="basic">Basic Info</Tabs.Tab>
              <Tabs.Tab value="media">Media &amp; Files</Tabs.Tab>
              <Tabs.Tab value="enhancements">Enhancements</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="basic">
              <Stack gap="md">
                <EpisodeDetailsFields
                  values={editor.values}
                  errors={editor.errors}
                  onChange={editor.change}
                  titleMax={EPISODE_EDIT_TITLE_MAX}
                  readOnly={readOnly}
                />
                <EpisodeNumberingFields values={editor.values} onChange={editor.change} readOnly={readOnly} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="media">
              <MediaFilesTab
                podcastId={podcast.id}
                editor={editor}
                podcastArtworkUrl={podcast.artworkUrl}
                readOnly={readOnly}
              />
            </Tabs.Panel>
            <Tabs.Panel value="enhancements">
              <EnhancementsTab podcastId={podcast.id} editor={editor} readOnly={readOnly} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" component="aside" aria-label="Publishing and episode details">
            <EditorPublishingCard
              editor={editor}
              readOnly={readOnly}
              onPublish={() => setConfirming('publish')}
            />
            <EditorSwitchesCard editor={editor} readOnly={readOnly} />
            {loaded && (
              <>
                <EditorActionsCard
                  episode={loaded}
                  readOnly={readOnly}
                  onDuplicate={() => setConfirming('duplicate')}
                  onDelete={() => actions.request('delete', loaded)}
                />
                <EditorQuickInfoCard episode={loaded} />
                <EditorPodcasting20Card episode={loaded} onOpen={() => setTab('enhancements')} />
              </>
            )}
            <Button component={Link} to={dashboard} variant="subtle">
              Back to Dashboard
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
      {loaded && (
        <VersionHistoryDrawer
          podcastId={podcast.id}
          episodeId={loaded.id}
          opened={historyOpen}
          onClose={() => setHistoryOpen(false)}
          editor={editor}
          readOnly={readOnly}
        />
      )}
      <EditorConfirmations
        confirming={confirming}
        onClose={() => setConfirming(null)}
        editor={editor}
        actions={actions}
        publishFailure={
          editor.save.isError && !editor.conflict
            ? episodeMessages.publishFailed(errorMessageOf(editor.save.error))
            : null
        }
      />
      <EpisodeActionDialogs actions={actions} podcastArtworkUrl={podcast.artworkUrl} />
    </ScreenFrame>
  );
}
