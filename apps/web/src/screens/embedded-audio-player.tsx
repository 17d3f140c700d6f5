import { Anchor, Avatar, Box, Group, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../shared/brand/castbase-logo.js';
import { MicrophoneIcon } from '../shared/icons/icons.js';

const DEFAULT_TITLE = 'Episode';
const DEFAULT_LINK_COLOR = '#111111';

/**
 * /embed/audio?title&url&art&color — a mini player meant for an iframe about 130px tall. Only http(s) media and
 * hex colours are accepted from the query, since anyone can craft the embed address.
 */
export function EmbeddedAudioPlayer() {
  const [searchParams] = useSearchParams();
  const title = searchParams.get('title')?.trim() || DEFAULT_TITLE;
  const audioUrl = webUrlOrNull(searchParams.get('url'));
  const artworkUrl = webUrlOrNull(searchParams.get('art'));
  const linkColor = hexColorOr(searchParams.get('color'), DEFAULT_LINK_COLOR);

  return (
    <Box p="sm" h="100%">
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

function hexColorOr(value: string | null, fallback: string): string {
  const color = value?.startsWith('#') ? value : value ? `#${value}` : '';
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : fallback;
}
