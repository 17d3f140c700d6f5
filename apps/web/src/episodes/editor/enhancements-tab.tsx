import { Stack, Text, Title } from '@mantine/core';
import { Podcasting20Editors } from '../podcasting20/podcasting20-editors.js';
import type { EpisodeEditorState } from './use-episode-editor.js';

/**
 * The Enhancements tab: the Podcasting 2.0 editors (transcripts, chapters, soundbites, credits, Value4Value, funding,
 * location, license, alternate enclosures). Their changes are saved with the rest of the episode.
 */
export function EnhancementsTab({
  podcastId,
  editor,
  readOnly,
}: {
  podcastId: string;
  editor: EpisodeEditorState;
  readOnly: boolean;
}) {
  const { values, loaded } = editor;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Podcasting 2.0 enhancements
        </Title>
        <Text c="dimmed">
          Transcript, chapters, soundbites, credits, Value4Value, location, funding and license go into the
          RSS feed for Podcasting 2.0 apps. Changes here are kept when you save the episode.
        </Text>
      </Stack>
      <Podcasting20Editors
        values={values.podcasting20}
        onChange={(patch) => editor.change({ podcasting20: { ...values.podcasting20, ...patch } })}
        readOnly={readOnly}
        durationSeconds={values.media?.durationSeconds ?? 0}
        mediaUrl={values.media?.url ?? null}
        podcastId={podcastId}
        episodeId={loaded?.id ?? null}
      />
    </Stack>
  );
}
