import { RssFeedWidget } from '../feeds/rss-widget/rss-feed-widget.js';

interface RssFeedSlotProps {
  podcastId: string;
  /**
   * The dashboard's `useFeedStatus` query, which the tile reads; the widget asks for the whole RSS status itself
   * (both refresh after a generation).
   */
  feed?: unknown;
}

/** The dashboard's RSS Feed Management widget (spec 2 §2 "Dashboard overview"). */
export function RssFeedSlot({ podcastId }: RssFeedSlotProps) {
  return <RssFeedWidget podcastId={podcastId} />;
}
