import {
  formatCount,
  publicFiguresMessages,
  type PublicPodcastFigures,
  type PublicPodcastPage,
} from '@castbase/contracts';
import { commonHead, episodeFacts, playerHtml } from './episode-page-html.js';
import { creatorCardHtml } from './creator-card-html.js';
import type { RenderedPage } from './html-shell.js';
import { escapeHtml, metaTags, paragraphsHtml, summary } from './html-text.js';
import type { PageUrls } from './page-urls.js';
import { podcastPageData } from './structured-data.js';

/**
 * `/podcast/{name}`: OpenGraph (website), a large-image Twitter card, PodcastSeries JSON-LD with the page's
 * episodes, the RSS link, and the podcast with its episodes readable without JavaScript, with its creator's card
 * and its figures when the owner lets them be seen. `name` is how it was asked for (the page data is keyed on it);
 * the canonical address is always the id's.
 */
export function renderPodcastPage(name: string, page: PublicPodcastPage, urls: PageUrls): RenderedPage {
  const { podcast, episodes } = page;
  const url = urls.podcast(podcast.id, { page: page.page, season: page.season });
  const heading = page.season ? `${podcast.name} · Season ${page.season}` : podcast.name;
  const title = page.page > 1 ? `${heading} · Page ${page.page}` : heading;
  const description = summary(podcast.description) || `${podcast.name}, a podcast.`;
  const image = podcast.artworkUrl && urls.absolute(podcast.artworkUrl);
  const head = [
    ...commonHead({
      title,
      description,
      canonical: url,
      data: { kind: 'podcast', name, page },
      jsonLd: podcastPageData(podcast, episodes, page.creator, urls),
    }),
    `<link rel="alternate" type="application/rss+xml" href="${escapeHtml(urls.feed(podcast))}" title="${escapeHtml(podcast.name)}">`,
    ...metaTags('property', [
      ['og:type', 'website'],
      ['og:site_name', podcast.name],
      ['og:title', podcast.name],
      ['og:description', description],
      ['og:url', url],
      ['og:image', image],
      ['og:image:alt', image && `Artwork of ${podcast.name}`],
    ]),
    ...metaTags('name', [
      ['twitter:card', image ? 'summary_large_image' : 'summary'],
      ['twitter:title', podcast.name],
      ['twitter:description', description],
      ['twitter:image', image],
    ]),
  ];
  const items = episodes
    .map(
      (
        episode,
      ) => `<li><h2><a href="${escapeHtml(urls.episode(episode.id))}">${escapeHtml(episode.title)}</a></h2>
<p>${escapeHtml(episodeFacts(episode))}</p>
${playerHtml(episode, urls)}</li>`,
    )
    .join('\n');
  const body = `<main class="cb-ssr">
${image ? `<img src="${escapeHtml(image)}" alt="${escapeHtml(`Artwork of ${podcast.name}`)}" width="160" height="160">` : ''}
<h1>${escapeHtml(heading)}</h1>
${podcast.author ? `<p>By ${escapeHtml(podcast.author)}</p>` : ''}
${paragraphsHtml(podcast.description)}
${creatorCardHtml(page.creator, urls)}
${figuresHtml(page.figures)}
<p><a href="${escapeHtml(urls.feed(podcast))}">RSS feed</a></p>
${items ? `<ul>${items}</ul>` : '<p>No episodes yet.</p>'}
</main>`;
  return { language: podcast.language, head, body };
}

/** The podcast's totals of all time, when its owner shares them; nothing otherwise. */
function figuresHtml(figures: PublicPodcastFigures | null): string {
  if (!figures) return '';
  const messages = publicFiguresMessages;
  return `<section aria-labelledby="figures-heading">
<h2 id="figures-heading">${escapeHtml(messages.heading)}</h2>
<dl>
<dt>${escapeHtml(messages.totalPlays)}</dt><dd>${formatCount(figures.totalPlays)}</dd>
<dt>${escapeHtml(messages.uniqueListeners)}</dt><dd>${formatCount(figures.uniqueListeners)}</dd>
</dl>
<p>${escapeHtml(messages.allTime)}</p>
</section>`;
}
