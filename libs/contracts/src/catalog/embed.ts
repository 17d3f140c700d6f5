import { z } from 'zod';
import { PRODUCT_NAME } from '../shared/product.js';
import { EMBED_PLAYER_HEIGHT_PX } from './episode.js';

// The embeddable player (`/embed/audio`, spec 3 §2.8), the iframe code that embeds it, and the oEmbed endpoint
// (https://oembed.com) that hands the same iframe to platforms given an episode page's address.

/** Where the web app serves the mini player. */
export const EMBED_PLAYER_PATH = '/embed/audio';
export const EMBED_DEFAULT_TITLE = 'Episode';
/** The player's link colour when the embed names none (spec 3 §2.8). */
export const EMBED_DEFAULT_LINK_COLOR = '#111111';
/** The narrowest frame the player is laid out for; it stays usable from here up. */
export const EMBED_PLAYER_MIN_WIDTH_PX = 280;

export const OEMBED_PATH = '/api/oembed';
export const OEMBED_PROVIDER_NAME = PRODUCT_NAME;
/** The width an oEmbed answer reports when the consumer sets no maxwidth (its frame is then 100% wide). */
export const OEMBED_DEFAULT_WIDTH_PX = 600;

export interface EmbedPlayerParams {
  title: string;
  /** The audio (or video) to play, absolute or relative to the site. */
  url: string | null;
  /** The cover image, absolute or relative to the site. */
  art?: string | null;
  /** The link colour, as #rgb or #rrggbb (with or without the #). */
  color?: string | null;
}

/** A hex colour in its #-prefixed form, or null for anything else (the query is anyone's to write). */
export function embedLinkColorOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  const color = trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color.toLowerCase() : null;
}

/** The player's address for one episode: `{origin}/embed/audio?title&url&art&color`, URLs made absolute. */
export function embedPlayerUrl(origin: string, { title, url, art, color }: EmbedPlayerParams): string {
  const query = new URLSearchParams({ title: title.trim() || EMBED_DEFAULT_TITLE });
  if (url) query.set('url', new URL(url, origin).href);
  if (art) query.set('art', new URL(art, origin).href);
  const linkColor = embedLinkColorOrNull(color);
  if (linkColor) query.set('color', linkColor);
  return `${origin}${EMBED_PLAYER_PATH}?${query.toString()}`;
}

export interface EmbedFrameSize {
  /** Pixels; absent: 100% of the box it is pasted into. */
  width?: number;
  /** Pixels; absent: the suggested 130. */
  height?: number;
}

/** Text made safe inside a double-quoted HTML attribute. */
export function escapeHtmlAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The iframe code a creator pastes into a web page: the player 100% wide and 130 px tall unless told otherwise. */
export function embedIframeCode(
  origin: string,
  params: EmbedPlayerParams,
  size: EmbedFrameSize = {},
): string {
  const source = embedPlayerUrl(origin, params);
  const width = size.width === undefined ? '100%' : String(size.width);
  const height = String(size.height ?? EMBED_PLAYER_HEIGHT_PX);
  const title = params.title.trim() || EMBED_DEFAULT_TITLE;
  return (
    `<iframe src="${escapeHtmlAttribute(source)}" width="${width}" height="${height}" frameborder="0" ` +
    `loading="lazy" title="${escapeHtmlAttribute(title)}" allow="autoplay"></iframe>`
  );
}

/** The oEmbed endpoint's address for a page (for a page's `<link rel="alternate" type="application/json+oembed">`). */
export function oembedUrl(origin: string, pageUrl: string): string {
  return `${origin}${OEMBED_PATH}?${new URLSearchParams({ url: pageUrl, format: 'json' }).toString()}`;
}

const EPISODE_PAGE_PATH = /^\/episode\/([^/]+)\/?$/;

/** The episode id of an address of this site's `/episode/{id}` page, or null for any other address. */
export function episodeIdOfPageUrl(pageUrl: string, siteOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin) return null;
  const id = EPISODE_PAGE_PATH.exec(url.pathname)?.[1];
  return id && z.uuid().safeParse(id).success ? id.toLowerCase() : null;
}

const OEMBED_URL_REQUIRED = 'The address of an episode page is required';

const pixels = z.coerce.number().int().min(1).max(10_000);

/** `GET /api/oembed?url&format&maxwidth&maxheight`. Any format but json is answered 501, as oEmbed asks. */
export const oembedQuerySchema = z.object({
  url: z
    .string({ error: OEMBED_URL_REQUIRED })
    .trim()
    .min(1, OEMBED_URL_REQUIRED)
    .max(2048, 'The URL is too long'),
  format: z.string().trim().toLowerCase().max(20).default('json'),
  maxwidth: pixels.optional(),
  maxheight: pixels.optional(),
});
export type OembedQuery = z.output<typeof oembedQuerySchema>;

/** The oEmbed 1.0 answer of type 'rich' for an episode page. */
export const oembedRichResponseSchema = z.object({
  type: z.literal('rich'),
  version: z.literal('1.0'),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type OembedRichResponse = z.infer<typeof oembedRichResponseSchema>;
