import { publicCreatorMessages, type PublicCreator } from '@castbase/contracts';
import { escapeHtml, paragraphsHtml } from './html-text.js';
import type { PageUrls } from './page-urls.js';

/** The creator's card, readable without JavaScript; nothing when their profile is not public. */
export function creatorCardHtml(creator: PublicCreator | null, urls: PageUrls): string {
  if (!creator) return '';
  const avatar = creator.avatarUrl
    ? `<img src="${escapeHtml(urls.absolute(creator.avatarUrl))}" alt="" width="64" height="64">\n`
    : '';
  return `<section aria-labelledby="creator-heading">
<h2 id="creator-heading">${escapeHtml(publicCreatorMessages.heading)}</h2>
${avatar}<p>${escapeHtml(creator.displayName)}</p>
${paragraphsHtml(creator.bio)}
</section>`;
}
