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

  /** The embeddable mini player for an episode (/embed/audio, spec 3 §2.8), as the Embed action and oEmbed make it. */
  embedPlayer(episode: PublicEpisode): { url: string; width: number; height: number } {
    const url = embedPlayerUrl(this.publicUrl, {
      title: episode.title,
      url: episode.media?.url ?? null,
      art: episode.artworkUrl,
    });
    return { url, width: 480, height: EMBED_PLAYER_HEIGHT_PX };
  }
}
