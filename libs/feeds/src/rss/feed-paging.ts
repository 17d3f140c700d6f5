import { archivePageCount, MAIN_FEED, type FeedVariant } from '@castbase/contracts';

export type PagingRelation = 'first' | 'previous' | 'next' | 'last';

/**
 * RFC 5005 §3 paged-feed links between the main feed (the first page: the newest 300) and the archive pages 1..N
 * (each the next 100, older). The recent, preview and full feeds are complete documents of their own and carry none;
 * nor does a main feed that holds every episode.
 */
export function pagingLinks(
  variant: FeedVariant,
  feedEpisodeCount: number,
): Array<{ rel: PagingRelation; variant: FeedVariant }> {
  const pages = archivePageCount(feedEpisodeCount);
  if (pages === 0) return [];
  const archive = (page: number): FeedVariant => ({ kind: 'archive', page });
  switch (variant.kind) {
    case 'main':
      return [
        { rel: 'first', variant: MAIN_FEED },
        { rel: 'next', variant: archive(1) },
        { rel: 'last', variant: archive(pages) },
      ];
    case 'archive': {
      const links: Array<{ rel: PagingRelation; variant: FeedVariant }> = [
        { rel: 'first', variant: MAIN_FEED },
        { rel: 'previous', variant: variant.page === 1 ? MAIN_FEED : archive(variant.page - 1) },
      ];
      if (variant.page < pages) links.push({ rel: 'next', variant: archive(variant.page + 1) });
      links.push({ rel: 'last', variant: archive(pages) });
      return links;
    }
    case 'recent':
    case 'preview':
    case 'full':
      return [];
  }
}
