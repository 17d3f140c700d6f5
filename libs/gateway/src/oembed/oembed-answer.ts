import {
  EMBED_PLAYER_HEIGHT_PX,
  embedIframeCode,
  OEMBED_DEFAULT_WIDTH_PX,
  OEMBED_PROVIDER_NAME,
  type OembedQuery,
  type OembedRichResponse,
  type CatalogEpisodePage,
} from '@castbase/contracts';
import { PageUrls } from '../public-pages/page-urls.js';

/**
 * Artwork is always stored as square variants, the largest served as `…/variant-<side>.jpg` (or .png) by the media
 * service: its side is read from that name. Another address (art from before variants) gives no size, and oEmbed
 * then gets no thumbnail, since a thumbnail_url must come with its width and height.
 */
export function squareArtworkSide(artworkUrl: string): number | null {
  const side = /\/variant-(\d{2,5})\.(?:jpe?g|png)$/i.exec(
    new URL(artworkUrl, 'http://site.invalid').pathname,
  )?.[1];
  return side ? Number(side) : null;
}

/**
 * The oEmbed 1.0 'rich' answer for a published episode: the embed player's iframe (100% wide unless the consumer
 * sets a maxwidth; 130 px tall, or its maxheight if less), the episode as title, the podcast as author.
 */
export function oembedAnswer(
  origin: string,
  { podcast, episode }: CatalogEpisodePage,
  { maxwidth, maxheight }: Pick<OembedQuery, 'maxwidth' | 'maxheight'>,
): OembedRichResponse {
  const height = Math.min(EMBED_PLAYER_HEIGHT_PX, maxheight ?? EMBED_PLAYER_HEIGHT_PX);
  const html = embedIframeCode(
    origin,
    // Through the enclosure redirect, as the Embed action gives it: counted, and the player sends its beacons.
    {
      title: episode.title,
      url: new PageUrls(origin).playerMedia(episode, 'embed'),
      art: episode.artworkUrl,
    },
    { height, ...(maxwidth === undefined ? {} : { width: maxwidth }) },
  );
  const thumbnailSide = episode.artworkUrl ? squareArtworkSide(episode.artworkUrl) : null;
  return {
    type: 'rich',
    version: '1.0',
    title: episode.title,
    author_name: podcast.author.trim() || podcast.name,
    author_url: `${origin}/podcast/${encodeURIComponent(podcast.id)}`,
    provider_name: OEMBED_PROVIDER_NAME,
    provider_url: `${origin}/`,
    ...(episode.artworkUrl && thumbnailSide
      ? {
          thumbnail_url: new URL(episode.artworkUrl, origin).href,
          thumbnail_width: thumbnailSide,
          thumbnail_height: thumbnailSide,
        }
      : {}),
    html,
    width: maxwidth ?? OEMBED_DEFAULT_WIDTH_PX,
    height,
  };
}
