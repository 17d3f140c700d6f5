import type { PublicPodcast } from '@castbase/contracts';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { BroadcastIcon } from '../shared/icons/icons.js';
import { CopyField } from './copy-field.js';

export interface DirectoryLink {
  name: string;
  url: string;
}

/**
 * Where a listener follows the podcast: each directory by the feed URL where it takes one (Pocket Casts and
 * Overcast open the app on the feed), otherwise a search for the podcast's name (Apple Podcasts, Spotify, Podcast
 * Index).
 */
export function directoryLinks(podcast: Pick<PublicPodcast, 'name'>, feedUrl: string): DirectoryLink[] {
  const name = encodeURIComponent(podcast.name);
  const feedWithoutScheme = feedUrl.replace(/^https?:\/\//, '');
  return [
    { name: 'Apple Podcasts', url: `https://podcasts.apple.com/search?term=${name}` },
    { name: 'Spotify', url: `https://open.spotify.com/search/${name}/podcasts` },
    { name: 'Pocket Casts', url: `pktc://subscribe/${feedWithoutScheme}` },
    { name: 'Overcast', url: `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}` },
    { name: 'Podcast Index', url: `https://podcastindex.org/search?q=${name}&type=all` },
  ];
}

/** The RSS address to copy and the directories' buttons. */
export function SubscribeLinks({ podcast, feedUrl }: { podcast: PublicPodcast; feedUrl: string }) {
  return (
    <Stack gap="sm">
      <CopyField label="RSS feed" value={feedUrl} />
      <SimpleGrid cols={2} spacing="xs">
        <Button
          component="a"
          href={feedUrl}
          variant="filled"
          px="xs"
          leftSection={<BroadcastIcon size={16} />}
          aria-label={`RSS feed of ${podcast.name}`}
        >
          RSS
        </Button>
        {directoryLinks(podcast, feedUrl).map((directory) => (
          <Button
            key={directory.name}
            component="a"
            href={directory.url}
            target="_blank"
            rel="noopener"
            variant="default"
            px="xs"
          >
            {directory.name}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
