import type { EmbedPlayerParams, Episode } from '@castbase/contracts';
import { playerMediaUrl } from '../../shared/listening/playback-beacons.js';

// The addresses a published episode is shared with: its public page, the share intents of three networks and the
// embeddable player's address (its iframe code is `embedIframeCode` in the contracts).

/** The public page of an episode ('View Live'). */
export function publicEpisodeUrl(origin: string, episodeId: string): string {
  return `${origin}/episode/${encodeURIComponent(episodeId)}`;
}

export interface ShareIntent {
  network: 'X (Twitter)' | 'Facebook' | 'LinkedIn';
  url: string;
}

/** X/Twitter, Facebook and LinkedIn share intents for a link (each opened in a new tab). */
export function shareIntents(link: string, title: string): ShareIntent[] {
  const encodedLink = encodeURIComponent(link);
  return [
    {
      network: 'X (Twitter)',
      url: `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodedLink}`,
    },
    { network: 'Facebook', url: `https://www.facebook.com/sharer/sharer.php?u=${encodedLink}` },
    { network: 'LinkedIn', url: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedLink}` },
  ];
}

/**
 * What the embeddable player of an episode shows: its title, its media and its artwork (else the podcast's). The
 * media is the episode's enclosure URL with `src=embed`, so the embed's plays are counted downloads from the embed and
 * the player knows the episode its listening beacons are for.
 */
export function embedPlayerParams(
  episode: Pick<Episode, 'id' | 'podcastId' | 'title' | 'media' | 'artworkUrl'>,
  podcastArtworkUrl: string | null,
): EmbedPlayerParams {
  return {
    title: episode.title,
    url: episode.media
      ? playerMediaUrl({ podcastId: episode.podcastId, episodeId: episode.id }, 'embed', episode.media)
      : null,
    art: episode.artworkUrl ?? podcastArtworkUrl,
  };
}
