import { Inject, Injectable } from '@nestjs/common';
import { feedPath, publicEpisodePath, unsubscribeApiUrl, unsubscribePageUrl } from '@castbase/contracts';
import type { AppConfig } from '@castbase/platform-config';
import { OIDC_CONFIG } from '../oidc/provider/oidc-tokens.js';

/** The screens of a podcast a notification links to (the web app's `/p/{podcastId}/…`). */
type PodcastScreen = 'analytics' | 'settings/podcast' | 'settings/rss';

/** The absolute addresses notification e-mails link to, from the site's PUBLIC_URL. */
@Injectable()
export class NotificationLinks {
  private readonly base: string;

  constructor(@Inject(OIDC_CONFIG) config: AppConfig) {
    this.base = config.PUBLIC_URL;
  }

  /** A published episode's public page. */
  episodePage(episodeId: string): string {
    return `${this.base}${publicEpisodePath(episodeId)}`;
  }

  /** An episode in the dashboard's editor (for a private podcast, which has no public page). */
  episodeEditor(episodeId: string): string {
    return `${this.base}/episodes/${episodeId}/edit`;
  }

  /** A public podcast's main feed. */
  feed(podcast: { id: string; ownerUsername: string | null; slug: string }): string {
    return `${this.base}${feedPath(podcast)}`;
  }

  podcastScreen(podcastId: string, screen: PodcastScreen): string {
    return `${this.base}/p/${podcastId}/${screen}`;
  }

  /** Where the notification settings are. */
  settings(): string {
    return `${this.base}/profile`;
  }

  unsubscribePage(token: string): string {
    return unsubscribePageUrl(this.base, token);
  }

  /** The one-click address of `List-Unsubscribe`. */
  unsubscribeApi(token: string): string {
    return unsubscribeApiUrl(this.base, token);
  }
}
