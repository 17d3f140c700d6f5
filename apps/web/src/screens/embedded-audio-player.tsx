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
import { useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../shared/brand/castbase-logo.js';
import { MicrophoneIcon } from '../shared/icons/icons.js';
import { useDocumentTitle } from '../shared/layout/document-title.js';
import { readableOn } from '../shared/theme/contrast.js';

const DEFAULT_TITLE = 'Episode';

/**
 * /embed/audio?title&url&art&color — a mini player meant for an iframe about 130px tall. Only http(s) media and
 * hex colours are accepted from the query, since anyone can craft the embed address. The creator's link colour is
 * used as given where it reads at 4.5:1 on the player's background, and otherwise its nearest shade that does.
 */
export function EmbeddedAudioPlayer() {
  const [searchParams] = useSearchParams();
  const title = searchParams.get('title')?.trim() || DEFAULT_TITLE;
  const audioUrl = webUrlOrNull(searchParams.get('url'));
  const artworkUrl = webUrlOrNull(searchParams.get('art'));
  const linkColor = useReadableLinkColor(hexColorOrNull(searchParams.get('color')));
  useDocumentTitle(title);

  return (
    <Box component="main" p="sm" h="100%">
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar src={artworkUrl} alt="" radius="md" size={80} color="gray">
          <MicrophoneIcon size={32} />
        </Avatar>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text fw={600} truncate="end" title={title}>
            {title}
          </Text>
          {audioUrl ? (
            <audio
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
              {...(linkColor ? { style: { color: linkColor } } : {})}
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

function hexColorOrNull(value: string | null): string | null {
  const color = value?.startsWith('#') ? value : value ? `#${value}` : '';
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : null;
}

/** The creator's colour made readable on this scheme's background; without one, the theme's link colour. */
function useReadableLinkColor(color: string | null): string | null {
  const scheme = useComputedColorScheme('light');
  const { white, colors } = useMantineTheme();
  if (!color) return null;
  return scheme === 'dark'
    ? readableOn(color, [colors.dark[7]], 'lighter')
    : readableOn(color, [white], 'darker');
}
