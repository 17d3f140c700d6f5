import { episodeMessages } from '@castbase/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { AlertIcon } from '../../shared/icons/icons.js';
import type { EpisodeEditorState } from './use-episode-editor.js';

/**
 * A save refused because the episode changed since it was loaded. What the person typed stays in the form; Reload
 * replaces it with the stored episode when they choose to.
 */
export function EditConflictAlert({ editor }: { editor: EpisodeEditorState }) {
  return (
    <Alert color="orange" variant="light" role="alert" icon={<AlertIcon size={20} />} title="Not saved">
      <Stack gap="sm">
        <Text size="sm">{episodeMessages.editConflict}</Text>
        <Text size="sm">
          Your typed values are still in the form: copy what you want to keep before reloading.
        </Text>
        {editor.reload.isError && (
          <Text size="sm" c="red">
            {errorMessageOf(editor.reload.error)}
          </Text>
        )}
        <Button
          w="fit-content"
          color="orange"
          onClick={() => editor.reload.mutate()}
          loading={editor.reload.isPending}
        >
          Reload
        </Button>
      </Stack>
    </Alert>
  );
}
