import { RssFeedWidget } from '../feeds/rss-widget/rss-feed-widget.js';

/** The dashboard's RSS Feed Management widget (spec 2 §2 "Dashboard overview"); it reads the RSS status itself. */
export function RssFeedSlot({ podcastId }: { podcastId: string }) {
  return <RssFeedWidget podcastId={podcastId} />;
}
