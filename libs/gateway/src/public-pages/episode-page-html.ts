import {
  PUBLIC_PAGE_DATA_ELEMENT_ID,
  type PublicEpisode,
  type PublicEpisodePage,
  type PublicPageData,
} from '@castbase/contracts';
import { creatorCardHtml } from './creator-card-html.js';
import type { RenderedPage } from './html-shell.js';
import { clockDuration, escapeHtml, jsonForScript, metaTags, paragraphsHtml, summary } from './html-text.js';
import type { PageUrls } from './page-urls.js';
import { episodePageData } from './structured-data.js';

/** The head tags every public page has: title, description, canonical link, the page data and the JSON-LD. */
export function commonHead(options: {
  title: string;
  description: string;
  canonical: string;
  data: PublicPageData;
  jsonLd: unknown;
}): string[] {
  return [
    `<title>${escapeHtml(options.title)}</title>`,
    ...metaTags('name', [['description', options.description]]),
    `<link rel="canonical" href="${escapeHtml(options.canonical)}">`,
    `<script type="application/ld+json">${jsonForScript(options.jsonLd)}</script>`,
    `<script type="application/json" id="${PUBLIC_PAGE_DATA_ELEMENT_ID}">${jsonForScript(options.data)}</script>`,
  ];
}

/** "12 March 2026 · 42:10 · Season 2 · Episode 7". */
export function episodeFacts(episode: PublicEpisode): string {
  const date = new Date(episode.publishDate).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return [
    date,
    episode.media ? clockDuration(episode.durationSeconds) : null,
    episode.seasonNumber ? `Season ${episode.seasonNumber}` : null,
    episode.episodeNumber ? `Episode ${episode.episodeNumber}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * An `<audio controls preload="none">` (or `<video>`) of the episode's media through its enclosure redirect (a play
 * is a download counted from the page); nothing without media.
 */
export function playerHtml(episode: PublicEpisode, urls: PageUrls): string {
  const source = urls.playerMedia(episode, 'page');
  if (!episode.media || !source) return '';
  const element = episode.media.mimeType.startsWith('video/') ? 'video' : 'audio';
  return `<${element} controls preload="none" src="${escapeHtml(source)}" aria-label="${escapeHtml(`Play ${episode.title}`)}"></${element}>`;
}

/**
 * `/episode/{id}`: OpenGraph (music.song with og:audio), a Twitter player card pointing at the embeddable player, the
 * oEmbed discovery link, PodcastEpisode JSON-LD, and the episode (with its creator's card when their profile is
 * public) readable without JavaScript.
 */
export function renderEpisodePage(page: PublicEpisodePage, urls: PageUrls): RenderedPage {
  const { podcast, episode } = page;
  const url = urls.episode(episode.id);
  const title = `${episode.title} · ${podcast.name}`;
  const description = summary(episode.description) || `An episode of ${podcast.name}.`;
  const image = episode.artworkUrl && urls.absolute(episode.artworkUrl);
  const audio = episode.media && urls.absolute(episode.media.url);
  const player = urls.embedPlayer(episode);
  const head = [
    ...commonHead({
      title,
      description,
      canonical: url,
      data: { kind: 'episode', page },
      jsonLd: episodePageData(podcast, episode, page.creator, urls),
    }),
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(urls.oembed(episode.id))}" title="${escapeHtml(episode.title)}">`,
    `<link rel="alternate" type="application/rss+xml" href="${escapeHtml(urls.feed(podcast))}" title="${escapeHtml(podcast.name)}">`,
    ...metaTags('property', [
      ['og:type', 'music.song'],
      ['og:site_name', podcast.name],
      ['og:title', episode.title],
      ['og:description', description],
      ['og:url', url],
      ['og:image', image],
      ['og:image:alt', image && `Artwork of ${podcast.name}`],
      ['og:audio', audio],
      ['og:audio:secure_url', audio?.startsWith('https:') ? audio : null],
      ['og:audio:type', episode.media?.mimeType ?? null],
      ['music:duration', episode.media ? episode.durationSeconds : null],
      ['music:album', urls.podcast(podcast.id)],
    ]),
    ...metaTags('name', [
      ['twitter:card', audio ? 'player' : image ? 'summary_large_image' : 'summary'],
      ['twitter:title', episode.title],
      ['twitter:description', description],
      ['twitter:image', image],
      ['twitter:player', audio ? player.url : null],
      ['twitter:player:width', audio ? player.width : null],
      ['twitter:player:height', audio ? player.height : null],
      ['twitter:player:stream', audio],
      ['twitter:player:stream:content_type', episode.media?.mimeType ?? null],
    ]),
  ];
  const body = `<main class="cb-ssr"><article>
${image ? `<img src="${escapeHtml(image)}" alt="${escapeHtml(`Artwork of ${episode.title}`)}" width="160" height="160">` : ''}
<p><a href="${escapeHtml(urls.podcast(podcast.id))}">${escapeHtml(podcast.name)}</a></p>
<h1>${escapeHtml(episode.title)}</h1>
<p>${escapeHtml(episodeFacts(episode))}</p>
${playerHtml(episode, urls)}
${paragraphsHtml(episode.description)}
${creatorCardHtml(page.creator, urls)}
</article></main>`;
  return { language: podcast.language, head, body };
}
