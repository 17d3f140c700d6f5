import { Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRequests,
  type Episode,
  type PayloadOf,
  type Podcast,
} from '@castbase/contracts';
import { MessageBus, type EventHandler, type EventHandlerContext } from '@castbase/platform-messaging';
import { html } from '../oidc/pages/html.js';
import { NotificationLinks } from './notification-links.js';
import { NotificationMails, type NotificationContent } from './notification-mails.js';
import { podcastTeam, unlessGone } from './podcast-team.js';

type Definition = typeof catalogEvents.episodePublished;

/**
 * "Episode published": when an episode goes live (by hand or at its scheduled time), an e-mail to the podcast's owner
 * and its active contributors who want it, with the episode's link (its public page; the editor for a private
 * podcast) and where its feed stands. The catalog is asked for the podcast, the episode and the contributors as they
 * are now; an episode or podcast deleted since gets no e-mail.
 */
@Injectable()
export class EpisodePublishedMailHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodePublished;

  constructor(
    private readonly bus: MessageBus,
    private readonly mails: NotificationMails,
    private readonly links: NotificationLinks,
  ) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    const { ownerId, podcastId, episodeId } = payload;
    const found = await unlessGone(
      Promise.all([
        this.bus.request(catalogRequests.getFeedSource, { podcastId }),
        this.bus.request(catalogRequests.getEpisode, { userId: ownerId, episodeId }),
        this.bus.request(catalogRequests.listContributors, { userId: ownerId, podcastId }),
      ]),
    );
    if (!found) return;
    const [{ podcast, feedEpisodeCount }, episode, contributors] = found;
    // Unpublished again before this was handled: nothing went live.
    if (episode.status !== 'published') return;
    const content = this.content(podcast, episode, feedEpisodeCount);
    for (const userId of podcastTeam(ownerId, contributors.items))
      await this.mails.queue(em, { userId, kind: 'episodePublished', dedupeKey: episodeId, content });
  }

  private content(podcast: Podcast, episode: Episode, feedEpisodeCount: number): NotificationContent {
    const link =
      podcast.visibility === 'public'
        ? this.links.episodePage(episode.id)
        : this.links.episodeEditor(episode.id);
    const where = podcast.visibility === 'public' ? 'Listen to it on its page' : 'Open it in Castbase';
    const feed = this.feedStatus(podcast, episode, feedEpisodeCount);
    return {
      subject: `"${episode.title}" is live on ${podcast.name}`,
      text: [`"${episode.title}" is now published on ${podcast.name}.`, `${where}: ${link}`, feed.text],
      html: [
        html`<p><strong>${episode.title}</strong> is now published on ${podcast.name}.</p>`,
        html`<p><a href="${link}">${where}</a>: ${link}</p>`,
        html`<p>${feed.html}</p>`,
      ],
    };
  }

  private feedStatus(podcast: Podcast, episode: Episode, feedEpisodeCount: number) {
    if (!episode.enableRss) {
      const text = 'It is not in your RSS feed: RSS is turned off for this episode.';
      return { text, html: html`${text}` };
    }
    if (!episode.media) {
      const text = 'It is not in your RSS feed yet: it has no audio or video file.';
      return { text, html: html`${text}` };
    }
    const episodes = `${feedEpisodeCount} episode${feedEpisodeCount === 1 ? '' : 's'}`;
    if (podcast.visibility === 'private') {
      const text = `Your private RSS feed is being updated to include it (${episodes}); its address, with its token, is in the podcast's settings.`;
      return { text, html: html`${text}` };
    }
    const url = this.links.feed(podcast);
    return {
      text: `Your RSS feed is being updated to include it (${episodes}): ${url}`,
      html: html`Your RSS feed is being updated to include it (${episodes}): <a href="${url}">${url}</a>`,
    };
  }
}
