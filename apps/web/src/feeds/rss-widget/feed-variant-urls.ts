import { rssWidgetMessages as text, type FeedUrls } from '@castbase/contracts';

export interface LabelledFeedUrl {
  key: string;
  label: string;
  url: string;
}

/** Every address of a feed, main first, each with its label. */
export function labelledFeedUrls(urls: FeedUrls): LabelledFeedUrl[] {
  return [
    { key: 'main', label: text.urls.main, url: urls.main },
    { key: 'recent', label: text.urls.recent, url: urls.recent },
    { key: 'preview', label: text.urls.preview, url: urls.preview },
    ...urls.archives.map((url, index) => ({
      key: `archive-${index + 1}`,
      label: text.urls.archive(index + 1),
      url,
    })),
    ...(urls.full ? [{ key: 'full', label: text.urls.full, url: urls.full }] : []),
  ].filter((entry) => entry.url !== '');
}
