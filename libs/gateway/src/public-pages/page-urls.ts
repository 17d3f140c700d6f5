import {
  EMBED_PLAYER_HEIGHT_PX,
  embedPlayerUrl,
  oembedUrl,
  publicEpisodePath,
  publicPodcastPath,
  type PublicEpisode,
  type PublicPodcast,
} from '@castbase/contracts';

/** Absolute addresses of the public pages and what they link to, from the site's configured PUBLIC_URL. */
export class PageUrls {
  constructor(private readonly publicUrl: string) {}

  /** A URL the catalog may give relative to the site (filesystem storage's /storage/...) made absolute. */
  absolute(url: string): string {
    return new URL(url, `${this.publicUrl}/`).href;
  }

  episode(episodeId: string): string {
    return `${this.publicUrl}${publicEpisodePath(episodeId)}`;
  }

  podcast(name: string, query: { page?: number; season?: number | null } = {}): string {
    return `${this.publicUrl}${publicPodcastPath(name, query)}`;
  }

  feed(podcast: PublicPodcast): string {
    return `${this.publicUrl}${podcast.feedPath}`;
  }

  /** The oEmbed endpoint's answer for an episode page. */
  oembed(episodeId: string): string {
    return oembedUrl(this.publicUrl, this.episode(episodeId));
  }

  /**
   * What Castbase's own players play: the episode's enclosure redirect, `/e/{podcastId}/{episodeId}/{file}?src=...`,
   * so a play is a download counted with the player it came from (the web app's players make the same address).
   * Public pages show public podcasts only, so no token.
   */
  playerMedia(episode: PublicEpisode, player: 'page' | 'embed'): string | null {
    if (!episode.media) return null;
    const file = new URL(episode.media.url, `${this.publicUrl}/`).pathname.split('/').pop() || 'episode';
    return `${this.publicUrl}/e/${episode.podcastId}/${episode.id}/${file}?src=${player}`;
  }

  /**
   * The embeddable mini player for an episode (/embed/audio, spec 3 §2.8), as the Embed action makes it: playing the
   * enclosure URL, from which the player knows the episode its listening beacons are for.
   */
  embedPlayer(episode: PublicEpisode): { url: string; width: number; height: number } {
    const url = embedPlayerUrl(this.publicUrl, {
      title: episode.title,
      url: this.playerMedia(episode, 'embed'),
      art: episode.artworkUrl,
    });
    return { url, width: 480, height: EMBED_PLAYER_HEIGHT_PX };
  }
}
