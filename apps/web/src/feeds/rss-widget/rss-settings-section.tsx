import { useParams } from 'react-router-dom';
import { RssFeedWidget } from './rss-feed-widget.js';

/** The settings' RSS section (/p/{podcastId}/settings/rss): the same widget as on the dashboard. */
export function RssSettingsSection() {
  const { podcastId = '' } = useParams();
  return <RssFeedWidget podcastId={podcastId} />;
}
