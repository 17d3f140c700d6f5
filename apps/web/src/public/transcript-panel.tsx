import { transcriptCues, type PublicEpisode } from '@castbase/contracts';
import { Anchor, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDuration } from '../shared/media-upload/upload-figures.js';
import { safeLinkUrl } from './public-formats.js';
import classes from './public-pages.module.css';

type Transcript = PublicEpisode['transcripts'][number];

/**
 * The episode's first transcript, fetched and shown as readable lines; a line with a time seeks the player there.
 * A file the browser may not fetch (another site without CORS) is offered as a link instead.
 */
export function TranscriptPanel({
  transcript,
  onSeek,
}: {
  transcript: Transcript;
  onSeek: (seconds: number) => void;
}) {
  const text = useQuery({
    queryKey: ['public-transcript', transcript.url],
    queryFn: async ({ signal }) => {
      const response = await fetch(transcript.url, { signal });
      if (!response.ok) throw new Error(`The transcript answered ${response.status}`);
      return transcriptCues(await response.text(), transcript.type);
    },
    staleTime: Infinity,
    retry: 1,
  });
  const link = (
    <Anchor href={safeLinkUrl(transcript.url) ?? undefined} target="_blank" rel="noopener">
      Open the transcript file
    </Anchor>
  );

  if (text.isPending)
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading the transcript…</Text>
      </Group>
    );
  if (text.isError || text.data.length === 0)
    return <Text>The transcript could not be shown here. {link}</Text>;
  return (
    <Stack gap="xs">
      <div className={classes.transcript} tabIndex={0} role="region" aria-label="Transcript text">
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {text.data.map((cue, index) => (
            <li key={index}>
              <Group gap="sm" align="flex-start" wrap="nowrap">
                {cue.startTime !== null && (
                  <UnstyledButton
                    onClick={() => onSeek(cue.startTime ?? 0)}
                    className={classes.cueTime}
                    aria-label={`Play from ${formatDuration(cue.startTime)}`}
                    c="blue"
                    fz="sm"
                    fw={600}
                  >
                    {formatDuration(cue.startTime)}
                  </UnstyledButton>
                )}
                <Text fz="sm">
                  {cue.speaker && <strong>{cue.speaker}: </strong>}
                  {cue.text}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      </div>
      <Text fz="sm">{link}</Text>
    </Stack>
  );
}
