import { Injectable } from '@nestjs/common';
import {
  catalogRequests,
  directoryEntry,
  directoryStatusLabels,
  feedsEvents,
  feedValidationMessages,
  type FeedAttention,
  type PayloadOf,
  type Podcast,
} from '@castbase/contracts';
import { MessageBus, type EventHandler, type EventHandlerContext } from '@castbase/platform-messaging';
import { html } from '../oidc/pages/html.js';
import { NotificationLinks } from './notification-links.js';
import { NotificationMails, type NotificationContent } from './notification-mails.js';
import { podcastTeam, unlessGone } from './podcast-team.js';

type Definition = typeof feedsEvents.feedAttention;

/**
 * "RSS feed updates": when a podcast's feed starts failing the generator's checks, grows past the 5 MB warning, or a
 * directory's status changes (`feeds.feed.flagged`), an e-mail to the owner and the active contributors who want it,
 * saying what happened and where to look. A podcast deleted before the event is handled gets none.
 */
@Injectable()
export class FeedAttentionMailHandler implements EventHandler<Definition> {
  readonly definition = feedsEvents.feedAttention;

  constructor(
    private readonly bus: MessageBus,
    private readonly mails: NotificationMails,
    private readonly links: NotificationLinks,
  ) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    const { podcastId, attention, at } = payload;
    const source = await unlessGone(this.bus.request(catalogRequests.getFeedSource, { podcastId }));
    if (!source) return;
    const { podcast } = source;
    const contributors = await unlessGone(
      this.bus.request(catalogRequests.listContributors, { userId: podcast.ownerId, podcastId }),
    );
    if (!contributors) return;
    const content = this.content(podcast, attention);
    const cause = attention.kind === 'directory' ? `directory:${attention.directoryId}` : attention.kind;
    for (const userId of podcastTeam(podcast.ownerId, contributors.items))
      await this.mails.queue(em, {
        userId,
        kind: 'rssUpdates',
        dedupeKey: `${podcastId}:${cause}:${at}`,
        content,
      });
  }

  private content(podcast: Podcast, attention: FeedAttention): NotificationContent {
    const rssUrl = this.links.podcastScreen(podcast.id, 'settings/rss');
    const look = {
      text: `Your feed's status and checks: ${rssUrl}`,
      html: html`<p><a href="${rssUrl}">See your feed's status and checks</a></p>`,
    };
    switch (attention.kind) {
      case 'validation-failed': {
        const settingsUrl = this.links.podcastScreen(podcast.id, 'settings/podcast');
        const problems = attention.newErrors.map((error) => error.message);
        return {
          subject: `The RSS feed of ${podcast.name} has a problem`,
          text: [
            `The feed Castbase just generated for ${podcast.name} fails ${problems.length === 1 ? 'a check' : 'checks'} it passed before:`,
            problems.map((problem) => `- ${problem}`).join('\n'),
            `Podcast apps may refuse a feed with errors, or stop updating it. Most are fixed in the podcast's settings: ${settingsUrl}`,
            look.text,
          ],
          html: [
            html`<p>
              The feed Castbase just generated for <strong>${podcast.name}</strong> fails
              ${problems.length === 1 ? 'a check' : 'checks'} it passed before:
            </p>`,
            html`<ul>
              ${problems.map((problem) => html`<li>${problem}</li>`)}
            </ul>`,
            html`<p>
              Podcast apps may refuse a feed with errors, or stop updating it. Most are fixed in the
              <a href="${settingsUrl}">podcast's settings</a>.
            </p>`,
            look.html,
          ],
        };
      }
      case 'size-warning': {
        const warning = feedValidationMessages.sizeWarning(attention.sizeBytes);
        return {
          subject: `The RSS feed of ${podcast.name} is over 5 MB`,
          text: [`The main feed of ${podcast.name} has grown past 5 MB.`, warning, look.text],
          html: [
            html`<p>The main feed of <strong>${podcast.name}</strong> has grown past 5 MB.</p>`,
            html`<p>${warning}</p>`,
            look.html,
          ],
        };
      }
      case 'directory': {
        const directory = directoryEntry(attention.directoryId).name;
        const to = directoryStatusLabels[attention.to];
        const from = directoryStatusLabels[attention.from];
        return {
          subject: `${directory}: ${to} for ${podcast.name}`,
          text: [`${podcast.name} is now "${to}" on ${directory} (it was "${from}").`, look.text],
          html: [
            html`<p><strong>${podcast.name}</strong> is now “${to}” on ${directory} (it was “${from}”).</p>`,
            look.html,
          ],
        };
      }
    }
  }
}
