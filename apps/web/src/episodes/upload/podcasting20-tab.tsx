import { Alert, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SparklesIcon } from '../../shared/icons/icons.js';
import { PODCASTING20_EDITORS_NOTE } from '../form/podcasting20-summary.js';

/**
 * The Upload Episode screen's Podcasting 2.0 tab: the frame the Podcasting 2.0 editors go into, with the status
 * selector and the publish button (spec 2 §2). It says honestly where those fields are edited today.
 */
export function Podcasting20Tab({ publishControls }: { publishControls: ReactNode }) {
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
      <Alert variant="light" color="blue" icon={<SparklesIcon size={20} />} title="Edited after saving">
        {PODCASTING20_EDITORS_NOTE}
      </Alert>
      {publishControls}
    </Stack>
  );
}
