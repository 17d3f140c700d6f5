import { EMBED_PLAYER_HEIGHT_PX } from '@castbase/contracts';

// The addresses a published episode is shared with: its public page, the share intents of three networks and the
// embeddable player's frame.

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

/** An absolute address for a URL the API may give relative to the site (filesystem storage's /storage/...). */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).toString();
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The iframe of the embeddable player (/embed/audio with title, url and art), 130 px tall and as wide as its box. */
export function embedCode(
  origin: string,
  episode: { title: string; mediaUrl: string | null; artworkUrl: string | null },
): string {
  const query = new URLSearchParams({ title: episode.title });
  if (episode.mediaUrl) query.set('url', absoluteUrl(episode.mediaUrl, origin));
  if (episode.artworkUrl) query.set('art', absoluteUrl(episode.artworkUrl, origin));
  const source = `${origin}/embed/audio?${query.toString()}`;
  return `<iframe src="${escapeAttribute(source)}" title="${escapeAttribute(episode.title)}" width="100%" height="${EMBED_PLAYER_HEIGHT_PX}" frameborder="0" loading="lazy"></iframe>`;
}
