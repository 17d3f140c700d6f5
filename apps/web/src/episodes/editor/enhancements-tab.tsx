import type { Episode } from '@castbase/contracts';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { SparklesIcon } from '../../shared/icons/icons.js';
import { Podcasting20Summary } from '../form/podcasting20-summary.js';

/**
 * The Enhancements tab: what the episode holds of each Podcasting 2.0 field, in the frame their editors (transcript,
 * chapters, soundbites, credits, Value4Value) go into with the Podcasting 2.0 issue.
 */
export function EnhancementsTab({ episode }: { episode: Episode | null }) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Podcasting 2.0 enhancements
        </Title>
        <Text c="dimmed">
          Transcript, chapters, soundbites, credits, Value4Value, location, funding and license go into the
          RSS feed for Podcasting 2.0 apps.
        </Text>
      </Stack>
      <Alert variant="light" color="blue" icon={<SparklesIcon size={20} />} title="Editors not available yet">
        These fields are listed as the episode holds them. Editing them here comes with the Podcasting 2.0
        editors; until then they can be set through the API (PATCH /api/episodes/{'{id}'}).
      </Alert>
      {episode ? (
        <Paper withBorder radius="lg" p="lg" maw={520}>
          <Podcasting20Summary episode={episode} />
        </Paper>
      ) : (
        <Text c="dimmed">
          Save the episode first: its Podcasting 2.0 fields are listed here once it exists.
        </Text>
      )}
    </Stack>
  );
}
