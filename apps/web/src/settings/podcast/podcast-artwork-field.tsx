import { podcastMessages, type Podcast } from '@castbase/contracts';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { deleteMedia } from '../../shared/media-upload/media-api.js';
import { MediaUpload } from '../../shared/media-upload/media-upload.js';
import type { PodcastSettingsValues } from './podcast-settings-values.js';
import type { UpdateSettings } from './use-podcast-settings-form.js';

interface PodcastArtworkFieldProps {
  podcast: Podcast;
  values: PodcastSettingsValues;
  change: UpdateSettings;
}

const LABEL = 'Album art';

/**
 * The album art through the media upload component. An image uploaded here and removed before Save is deleted at
 * once; the saved art is only let go of by Save (the catalog releases it then).
 */
export function PodcastArtworkField({ podcast, values, change }: PodcastArtworkFieldProps) {
  const api = useApiClient();
  const { artworkMediaId, artworkUrl } = values;

  async function remove() {
    if (artworkMediaId && artworkMediaId !== podcast.artworkMediaId) await deleteMedia(api, artworkMediaId);
    change({ artworkMediaId: null, artworkUrl: null });
  }

  return (
    <MediaUpload
      purpose="podcast-art"
      podcastId={podcast.id}
      label={LABEL}
      hint={podcastMessages.artHint}
      value={artworkMediaId && artworkUrl ? { url: artworkUrl } : null}
      onReady={(file) => change({ artworkMediaId: file.id, artworkUrl: file.url })}
      onRemove={remove}
    />
  );
}

/** The album art shown to those who may not change it. */
export function ReadOnlyArtwork({ url }: { url: string | null }) {
  return (
    <Group gap="md">
      <Avatar src={url} radius="md" size={120} alt={url ? LABEL : ''} color="blue" />
      <Stack gap={2}>
        <Text fw={500}>{LABEL}</Text>
        {!url && (
          <Text size="sm" c="dimmed">
            {podcastMessages.noArt}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
