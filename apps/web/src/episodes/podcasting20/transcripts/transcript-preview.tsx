import { transcriptMessages } from '@castbase/contracts';
import { Alert, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessageOf } from '../../../shared/api/api-error.js';
import { useApiClient } from '../../../shared/api/use-api-client.js';
import { AlertIcon } from '../../../shared/icons/icons.js';
import { fetchTranscriptText, PREVIEW_CHARACTERS, transcriptQueryKeys } from './transcript-text.js';

import classes from './transcripts.module.css';

/** The text of a transcript as its URL serves it now (spec 2 §7: the preview fetches the transcript as text). */
export function TranscriptPreview({ url, label }: { url: string; label: string }) {
  const api = useApiClient();
  const text = useQuery({
    queryKey: transcriptQueryKeys.text(url),
    queryFn: ({ signal }) => fetchTranscriptText(api, url, signal),
    retry: false,
    staleTime: 60_000,
  });

  if (text.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Loading the transcript…</Text>
      </Group>
    );
  }
  if (text.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<AlertIcon size={20} />}
        title={transcriptMessages.previewFailed}
      >
        {errorMessageOf(text.error)}
      </Alert>
    );
  }
  const shown = text.data.slice(0, PREVIEW_CHARACTERS);
  return (
    <Stack gap={4}>
      <Paper withBorder radius="md" p={0}>
        <ScrollArea.Autosize mah={320} type="auto">
          {/* Focusable so the text can be scrolled with the keyboard. */}
          <pre className={classes.preview} tabIndex={0} aria-label={label}>
            {shown}
          </pre>
        </ScrollArea.Autosize>
      </Paper>
      {text.data.length > shown.length && (
        <Text size="xs" c="dimmed">
          The first {PREVIEW_CHARACTERS.toLocaleString('en')} of {text.data.length.toLocaleString('en')}{' '}
          characters.
        </Text>
      )}
    </Stack>
  );
}
