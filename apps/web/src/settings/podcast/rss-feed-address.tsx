import { feedPath, type Podcast } from '@castbase/contracts';
import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useFeedStatus } from '../../profile/feed-status-api.js';
import { CopyTextButton } from './copy-text-button.js';

/**
 * The feed's address as podcast apps read it, with the private token when the podcast is private, and whether the
 * feed has been generated (`GET /api/podcasts/{id}/feed`; the owner's: the feeds service answers its owner only).
 */
export function RssFeedAddress({ podcast, withStatus }: { podcast: Podcast; withStatus: boolean }) {
  const feed = useFeedStatus(podcast.id);
  // The path follows the saved slug at once; the feeds service's answer gives the public origin.
  const address = new URL(
    feedPath(podcast),
    feed.data ? new URL(feed.data.url, window.location.origin) : window.location.origin,
  );
  if (podcast.visibility === 'private' && podcast.privateAccessToken) {
    address.searchParams.set('token', podcast.privateAccessToken);
  }
  const url = address.toString();
  const generated = Boolean(feed.data);

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          label="RSS feed URL"
          readOnly
          value={url}
          style={{ flex: 1 }}
          description={
            !withStatus
              ? undefined
              : feed.isPending
                ? 'Checking the feed…'
                : generated
                  ? `${feed.data?.episodeCount ?? 0} episodes in the feed`
                  : 'Not generated yet: this is the address it will have.'
          }
        />
        <CopyTextButton text={url} label="Copy feed URL" />
      </Group>
      {withStatus && !feed.isPending && (
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            Feed status:
          </Text>
          <Badge variant="light" color={generated ? 'teal' : 'gray'}>
            {generated ? 'Active' : 'Not generated'}
          </Badge>
        </Group>
      )}
    </Stack>
  );
}
