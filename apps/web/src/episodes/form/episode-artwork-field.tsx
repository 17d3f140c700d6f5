import { Group, Input, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { MediaUpload } from '../../shared/media-upload/media-upload.js';
import { deleteMedia } from '../../shared/media-upload/media-api.js';
import type { EpisodeArtworkValue } from './episode-form-values.js';
import classes from './episode-form.module.css';

export const EPISODE_ARTWORK_HINT = 'Recommended: 1400x1400 JPG or PNG';

interface EpisodeArtworkFieldProps {
  podcastId: string;
  value: EpisodeArtworkValue | null;
  onChange: (artwork: EpisodeArtworkValue | null) => void;
  /** The podcast's artwork, which the episode uses without its own. */
  podcastArtworkUrl: string | null;
  readOnly?: boolean;
}

/**
 * Optional episode artwork by drag or click; without it the episode shows the podcast's. An image uploaded here and
 * removed before a save is deleted; the saved one is only let go (the save releases it).
 */
export function EpisodeArtworkField({
  podcastId,
  value,
  onChange,
  podcastArtworkUrl,
  readOnly = false,
}: EpisodeArtworkFieldProps) {
  const api = useApiClient();
  const [saved] = useState(value?.mediaId ?? null);

  return (
    <Input.Wrapper label="Episode artwork (optional)" labelElement="div">
      <Stack gap="sm" mt={4}>
        {readOnly ? (
          value && <img src={value.url} alt="Episode artwork" className={classes.artwork} />
        ) : (
          <MediaUpload
            purpose="episode-art"
            podcastId={podcastId}
            label="Episode artwork"
            hint={EPISODE_ARTWORK_HINT}
            value={value}
            onReady={(file) => onChange({ mediaId: file.id, url: file.url })}
            onRemove={async () => {
              onChange(null);
              if (value && value.mediaId !== saved) await deleteMedia(api, value.mediaId);
            }}
          />
        )}
        {!value && <PodcastArtworkFallback url={podcastArtworkUrl} />}
      </Stack>
    </Input.Wrapper>
  );
}

function PodcastArtworkFallback({ url }: { url: string | null }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {url && <img src={url} alt="" className={classes.artwork} />}
      <Text size="sm" c="dimmed">
        {url
          ? "Without its own artwork, the episode shows the podcast's."
          : 'Without its own artwork, the episode shows the podcast artwork once the podcast has one.'}
      </Text>
    </Group>
  );
}
