import type { MediaFile } from '@castbase/contracts';
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { MediaUpload } from '../../shared/media-upload/media-upload.js';
import { deleteMedia } from '../../shared/media-upload/media-api.js';
import type { TransferState } from '../../shared/media-upload/use-resumable-upload.js';
import { CurrentMediaPanel } from './current-media-panel.js';
import { mediaValueOf, type EpisodeMediaValue } from './episode-form-values.js';

interface EpisodeMediaFieldProps {
  podcastId: string;
  /** The episode whose media a new upload replaces (the editor); absent on the Upload Episode screen. */
  episodeId?: string | undefined;
  value: EpisodeMediaValue | null;
  onChange: (media: EpisodeMediaValue | null) => void;
  onUploadState?: (state: TransferState, processed: MediaFile | null) => void;
  error?: string | undefined;
  readOnly?: boolean;
}

/**
 * The episode's audio or video on the upload component. A file uploaded here and removed before the episode is saved
 * is deleted (nothing else uses it); the episode's saved media is only replaced, never deleted from here.
 */
export function EpisodeMediaField({
  podcastId,
  episodeId,
  value,
  onChange,
  onUploadState,
  error,
  readOnly = false,
}: EpisodeMediaFieldProps) {
  const api = useApiClient();
  // The episode's saved media (the editor): removing a new upload goes back to it.
  const [savedMedia] = useState(value);
  const saved = savedMedia?.mediaId ?? null;
  const [replacing, setReplacing] = useState(value === null);

  return (
    <Input.Wrapper label="Audio or video" error={error} labelElement="div">
      <Stack gap="sm" mt={4}>
        {value && (!replacing || value.mediaId === saved) && (
          <CurrentMediaPanel
            media={value}
            actions={
              readOnly || replacing ? undefined : (
                <Button variant="default" w="fit-content" onClick={() => setReplacing(true)}>
                  Replace media
                </Button>
              )
            }
          />
        )}
        {!readOnly && replacing && (
          <>
            <MediaUpload
              purpose="episode-media"
              podcastId={podcastId}
              episodeId={episodeId}
              label="Episode audio or video"
              onReady={(file) => onChange(mediaValueOf(file))}
              onRemove={async () => {
                const uploaded = value;
                onChange(savedMedia);
                if (uploaded && uploaded.mediaId !== saved) await deleteMedia(api, uploaded.mediaId);
              }}
              {...(onUploadState ? { onStateChange: onUploadState } : {})}
            />
            {saved && value?.mediaId === saved && (
              <Group>
                <Button variant="subtle" onClick={() => setReplacing(false)}>
                  Keep the current media
                </Button>
              </Group>
            )}
          </>
        )}
        {readOnly && !value && <Text c="dimmed">No audio or video yet.</Text>}
      </Stack>
    </Input.Wrapper>
  );
}
