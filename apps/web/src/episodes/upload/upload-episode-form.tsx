import {
  EPISODE_TITLE_MAX,
  titleFromFileName,
  uploadStatusLabels,
  type MediaFile,
} from '@castbase/contracts';
import { Alert, Grid, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { AlertIcon, CheckIcon } from '../../shared/icons/icons.js';
import type { TransferState } from '../../shared/media-upload/use-resumable-upload.js';
import { EpisodeArtworkField } from '../form/episode-artwork-field.js';
import { EpisodeDetailsFields } from '../form/episode-details-fields.js';
import {
  newEpisodeValues,
  problemsOf,
  mediaChange,
  type EpisodeFormErrors,
  type EpisodeFormValues,
} from '../form/episode-form-values.js';
import { EpisodeMediaField } from '../form/episode-media-field.js';
import { EpisodeSettingsPanel } from '../form/episode-settings-panel.js';
import { Podcasting20Tab } from './podcasting20-tab.js';
import { UploadPublishControls } from './upload-publish-controls.js';
import { mediaUploadProgress } from './upload-progress.js';
import { usePacedProgress } from './use-paced-progress.js';
import { useSaveNewEpisode } from './use-save-new-episode.js';

type UploadTab = 'basic' | 'podcasting20';

interface UploadEpisodeFormProps {
  podcastId: string;
  podcastArtworkUrl: string | null;
  nextEpisodeNumber: number | null;
  dashboardPath: string;
}

/** The two tabs of the Upload Episode screen and their shared publish controls. */
export function UploadEpisodeForm({
  podcastId,
  podcastArtworkUrl,
  nextEpisodeNumber,
  dashboardPath,
}: UploadEpisodeFormProps) {
  const [tab, setTab] = useState<UploadTab>('basic');
  const [values, setValues] = useState<EpisodeFormValues>(() =>
    newEpisodeValues('published', nextEpisodeNumber),
  );
  const [errors, setErrors] = useState<EpisodeFormErrors>({});
  const { progress, report } = usePacedProgress();
  const prefilledFrom = useRef<string | null>(null);
  const { save, failure, openingDraft } = useSaveNewEpisode(podcastId, report);

  const change = (patch: Partial<EpisodeFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof EpisodeFormErrors];
      return next;
    });
  };

  function followUpload(state: TransferState, processed: MediaFile | null) {
    if (!save.isPending && !save.isSuccess) report(mediaUploadProgress(state, processed));
    // The title is prefilled from the file's name when it is empty (once per file).
    if ('file' in state && prefilledFrom.current !== state.file.name) {
      prefilledFrom.current = state.file.name;
      setValues((current) =>
        current.title.trim() ? current : { ...current, title: titleFromFileName(state.file.name) },
      );
    }
  }

  function submit() {
    const problems = problemsOf('upload', values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setTab('basic');
      return;
    }
    save.reset();
    save.mutate(values);
  }

  const publishControls = (
    <UploadPublishControls
      values={values}
      onStatusChange={change}
      progress={progress}
      saving={save.isPending || save.isSuccess}
      onSubmit={submit}
      dashboardPath={dashboardPath}
      {...(tab === 'basic' ? { onContinue: () => setTab('podcasting20') } : { withStatus: true })}
    />
  );

  return (
    <Stack gap="lg">
      {failure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<AlertIcon size={20} />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => save.reset()}
        >
          {failure}
        </Alert>
      )}
      {openingDraft && (
        <Alert color="green" variant="light" role="status" icon={<CheckIcon size={20} />}>
          Draft saved. Opening its editor…
        </Alert>
      )}
      <Tabs value={tab} onChange={(next) => next && setTab(next as UploadTab)} keepMounted>
        <Tabs.List mb="lg">
          <Tabs.Tab value="basic">Podcast Info</Tabs.Tab>
          <Tabs.Tab value="podcasting20">Podcasting 2.0</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="basic">
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="lg">
                <EpisodeMediaField
                  podcastId={podcastId}
                  value={values.media}
                  error={errors.mediaId}
                  onChange={(media) => change(mediaChange(media))}
                  onUploadState={followUpload}
                />
                <EpisodeDetailsFields
                  values={values}
                  errors={errors}
                  onChange={change}
                  titleMax={EPISODE_TITLE_MAX}
                />
                <EpisodeArtworkField
                  podcastId={podcastId}
                  value={values.artwork}
                  podcastArtworkUrl={podcastArtworkUrl}
                  onChange={(artwork) => change({ artwork })}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="lg" p="lg">
                <Stack gap="md">
                  <Title order={2} fz="lg">
                    Settings
                  </Title>
                  <EpisodeSettingsPanel
                    values={values}
                    errors={errors}
                    onChange={change}
                    statusLabels={uploadStatusLabels}
                  />
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
          <Stack mt="xl">{tab === 'basic' && publishControls}</Stack>
        </Tabs.Panel>
        <Tabs.Panel value="podcasting20">
          <Podcasting20Tab
            podcastId={podcastId}
            values={values}
            onChange={change}
            publishControls={tab === 'podcasting20' && publishControls}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
