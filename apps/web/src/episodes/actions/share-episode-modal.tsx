import { embedIframeCode, type Episode } from '@castbase/contracts';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CopyButtonWithStatus } from './copy-button.js';
import { embedPlayerParams, publicEpisodeUrl, shareIntents } from './share-links.js';

export interface ShareEpisodeModalProps {
  /** A published episode to share; null keeps the modal closed. */
  episode: Pick<Episode, 'id' | 'podcastId' | 'title' | 'media' | 'artworkUrl'> | null;
  /** The podcast's artwork, used in the embed when the episode has none of its own. */
  podcastArtworkUrl?: string | null;
  onClose: () => void;
}

/** Share a published episode: its public link (copy), X/Twitter, Facebook and LinkedIn, and the embed code. */
export function ShareEpisodeModal({ episode, podcastArtworkUrl = null, onClose }: ShareEpisodeModalProps) {
  return (
    <Modal opened={episode !== null} onClose={onClose} title="Share Episode" centered size="lg">
      {episode && <ShareContent episode={episode} podcastArtworkUrl={podcastArtworkUrl} />}
    </Modal>
  );
}

function ShareContent({
  episode,
  podcastArtworkUrl,
}: {
  episode: NonNullable<ShareEpisodeModalProps['episode']>;
  podcastArtworkUrl: string | null;
}) {
  const origin = window.location.origin;
  const link = publicEpisodeUrl(origin, episode.id);
  const embed = embedIframeCode(origin, embedPlayerParams(episode, podcastArtworkUrl));
  return (
    <Stack gap="lg">
      <Text>
        Share <strong>{episode.title}</strong> with your audience.
      </Text>
      <CopyField label="Public link" value={link} copyLabel="Copy link" />
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Share on
        </Text>
        <Group gap="sm">
          {shareIntents(link, episode.title).map((intent) => (
            <Button
              key={intent.network}
              component="a"
              href={intent.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
            >
              {intent.network}
            </Button>
          ))}
        </Group>
      </Stack>
      <Stack gap="xs">
        <Textarea
          label="Embed player"
          description="Paste this into a web page to play the episode there."
          value={embed}
          readOnly
          autosize
          minRows={3}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButtonWithStatus value={embed} copyLabel="Copy embed code" />
      </Stack>
    </Stack>
  );
}

function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: '1 1 280px' }}
        styles={{ input: { height: 44 } }}
      />
      <Stack pt={{ base: 0, xs: 25 }}>
        <CopyButtonWithStatus value={value} copyLabel={copyLabel} />
      </Stack>
    </Group>
  );
}
