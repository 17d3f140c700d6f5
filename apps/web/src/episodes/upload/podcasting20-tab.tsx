import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EpisodeFormValues } from '../form/episode-form-values.js';
import { Podcasting20Editors } from '../podcasting20/podcasting20-editors.js';

/**
 * The Upload Episode screen's Podcasting 2.0 tab: the Podcasting 2.0 editors, with the status selector and the
 * publish button (spec 2 §2). What they hold is saved with the new episode.
 */
export function Podcasting20Tab({
  podcastId,
  values,
  onChange,
  publishControls,
}: {
  podcastId: string;
  values: EpisodeFormValues;
  onChange: (patch: Partial<EpisodeFormValues>) => void;
  publishControls: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Podcasting 2.0
        </Title>
        <Text c="dimmed">
          Transcript, chapters, soundbites, episode credits and Value4Value payment splits make an episode
          richer in Podcasting 2.0 apps.
        </Text>
      </Stack>
      <Podcasting20Editors
        values={values.podcasting20}
        onChange={(patch) => onChange({ podcasting20: { ...values.podcasting20, ...patch } })}
        readOnly={false}
        durationSeconds={values.media?.durationSeconds ?? 0}
        mediaUrl={values.media?.url ?? null}
        podcastId={podcastId}
        episodeId={null}
      />
      {publishControls}
    </Stack>
  );
}
