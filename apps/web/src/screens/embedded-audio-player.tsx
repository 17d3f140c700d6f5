import {
  Anchor,
  Avatar,
  Box,
  Group,
  Stack,
  Text,
  useComputedColorScheme,
  useMantineTheme,
} from '@mantine/core';
import { EMBED_DEFAULT_LINK_COLOR, EMBED_DEFAULT_TITLE, embedLinkColorOrNull } from '@castbase/contracts';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../shared/brand/castbase-logo.js';
import { MicrophoneIcon } from '../shared/icons/icons.js';
import { useDocumentTitle } from '../shared/layout/document-title.js';
import { enclosureOf, usePlaybackBeacons } from '../shared/listening/playback-beacons.js';
import { readableOn } from '../shared/theme/contrast.js';

/**
 * /embed/audio?title&url&art&color — a mini player meant for an iframe 130px tall and 280px wide or more, on any site
 * (the gateway lets any site frame this page alone). Only http(s) media and hex colours are accepted from the query,
 * since anyone can craft the embed address. The link colour (default #111111) is used as given where it reads at
 * 4.5:1 on the player's background, and otherwise its nearest shade that does (so the default is light in dark).
 * When `url` is an episode's enclosure URL on this site (`/e/{podcastId}/{episodeId}/{file}`, as the Embed action and
 * oEmbed make it), the player plays it with `src=embed` and sends listening beacons; other media plays without.
 */
export function EmbeddedAudioPlayer() {
  const [searchParams] = useSearchParams();
  const title = searchParams.get('title')?.trim() || EMBED_DEFAULT_TITLE;
  const givenUrl = webUrlOrNull(searchParams.get('url'));
  const enclosure = useMemo(() => (givenUrl ? enclosureOf(givenUrl, 'embed') : null), [givenUrl]);
  const audioUrl = enclosure?.mediaUrl ?? givenUrl;
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  usePlaybackBeacons(audio, enclosure?.episode ?? null, 'embed');
  const artworkUrl = webUrlOrNull(searchParams.get('art'));
  const linkColor = useReadableLinkColor(
    embedLinkColorOrNull(searchParams.get('color')) ?? EMBED_DEFAULT_LINK_COLOR,
  );
  useDocumentTitle(title);
  // In the narrowest frames the cover gives the audio control room for its time and seek bar.
  const narrow = useMediaQuery('(max-width: 359px)');

  return (
    <Box component="main" p="sm" h="100%">
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar src={artworkUrl} alt="" radius="md" size={narrow ? 56 : 80} color="gray">
          <MicrophoneIcon size={32} />
        </Avatar>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text fw={600} truncate="end" title={title}>
            {title}
          </Text>
          {audioUrl ? (
            <audio
              ref={setAudio}
              controls
              preload="none"
              src={audioUrl}
              style={{ width: '100%', height: 36 }}
              aria-label={title}
            />
          ) : (
            <Text size="sm" c="dimmed">
              No audio to play.
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Powered by{' '}
            <Anchor
              href={window.location.origin}
              target="_blank"
              rel="noopener"
              style={{ color: linkColor }}
              fw={600}
            >
              {PRODUCT_NAME}
            </Anchor>
          </Text>
        </Stack>
      </Group>
    </Box>
  );
}

function webUrlOrNull(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The link colour made readable on this scheme's background. */
function useReadableLinkColor(color: string): string {
  const scheme = useComputedColorScheme('light');
  const { white, colors } = useMantineTheme();
  return scheme === 'dark'
    ? readableOn(color, [colors.dark[7]], 'lighter')
    : readableOn(color, [white], 'darker');
}
