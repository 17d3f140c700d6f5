import { EMBED_PLAYER_HEIGHT_PX, embedIframeCode, embedPlayerUrl, type Episode } from '@castbase/contracts';
import { Box, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CopyButtonWithStatus } from './copy-button.js';
import { embedPlayerParams } from './share-links.js';

export interface EmbedEpisodeModalProps {
  /** A published episode to embed; null keeps the modal closed. */
  episode: Pick<Episode, 'id' | 'podcastId' | 'title' | 'media' | 'artworkUrl'> | null;
  /** The podcast's artwork, shown in the player when the episode has none of its own. */
  podcastArtworkUrl?: string | null;
  onClose: () => void;
}

/**
 * The Embed action: the player's iframe code (100% wide, 130 px tall) is copied as the modal opens ('Copied!' for two
 * seconds, or 'Failed to copy URL' when the browser refuses, leaving the code to be copied by hand), with a live
 * preview of the player as a page that pastes it will show it.
 */
export function EmbedEpisodeModal({ episode, podcastArtworkUrl = null, onClose }: EmbedEpisodeModalProps) {
  return (
    <Modal opened={episode !== null} onClose={onClose} title="Embed Episode" centered size="lg">
      {episode && <EmbedContent episode={episode} podcastArtworkUrl={podcastArtworkUrl} />}
    </Modal>
  );
}

function EmbedContent({
  episode,
  podcastArtworkUrl,
}: {
  episode: NonNullable<EmbedEpisodeModalProps['episode']>;
  podcastArtworkUrl: string | null;
}) {
  const origin = window.location.origin;
  const params = embedPlayerParams(episode, podcastArtworkUrl);
  const code = embedIframeCode(origin, params);
  return (
    <Stack gap="lg">
      <Text>
        Paste this code into a web page to play <strong>{episode.title}</strong> there.
      </Text>
      <Stack gap="xs">
        <Textarea
          label="Embed code"
          value={code}
          readOnly
          autosize
          minRows={3}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButtonWithStatus value={code} copyLabel="Copy embed code" copyOnMount />
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Preview
        </Text>
        <Box
          component="iframe"
          src={embedPlayerUrl(origin, params)}
          title={`Preview of the embedded player: ${episode.title}`}
          width="100%"
          height={EMBED_PLAYER_HEIGHT_PX}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
            display: 'block',
          }}
        />
      </Stack>
    </Stack>
  );
}
