import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import {
  catalogEvents,
  DEFAULT_PODCAST_DESCRIPTION,
  defaultCopyright,
  feedImportRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus, Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { violatesUniqueConstraint } from '@castbase/platform-persistence';
import { Contributor } from '../contributors/contributor.entity.js';
import { Podcast } from '../podcasts/podcast.entity.js';
import { slugify } from '../podcasts/slug.js';
import { FeedImport } from './feed-import.entity.js';
import { FeedImportSource } from './feed-import-source.js';
import { requirePlanRoom, requireUnlocked } from './feed-import-rules.js';
import { feedImportStatus } from './feed-import-status.js';
import { createImportedEpisodes, episodeCopies, queueCopies, type CopyRequest } from './import-episodes.js';
import type { ImportedFeed } from './map-feed.js';

type Definition = typeof feedImportRequests.start;

/** Tries of a name-derived slug when podcasts of the same name are created at the same moment. */
const SLUG_ATTEMPTS = 5;

/**
 * Creates the podcast of an old feed, owned by the caller, with its channel's metadata and podcast:guid, and every
 * item as a draft episode keeping its guid, in one transaction (catalog.podcast.created and each
 * catalog.episode.created with it); then asks the media service to copy the artwork and each episode's file. An
 * episode is published, with its old date, when its file is copied (attach-imported-media.handler.ts).
 */
@Injectable()
export class StartFeedImportHandler implements RequestHandler<Definition> {
  readonly definition = feedImportRequests.start;

  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    private readonly outbox: Outbox,
    private readonly source: FeedImportSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async handle(request: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const feed = await this.source.read(request.url);
    requireUnlocked(feed.podcast, request.email);
    await requirePlanRoom(this.em.fork(), this.bus, request.userId, feed.episodes.length);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.create(request, feed);
      } catch (error) {
        // A podcast of the same name was committed between our slug check and our insert: the next one is free.
        if (!violatesUniqueConstraint(error, 'podcasts_owner_id_slug_unique') || attempt >= SLUG_ATTEMPTS)
          throw error;
      }
    }
  }

  private async create(
    { userId, username, email }: ParsedRequestOf<Definition>,
    feed: ImportedFeed,
  ): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const { podcast, feedImport, copies } = await em.transactional(async (tx) => {
      const imported = feed.podcast;
      const slug = await availableSlug(tx, userId, imported.name);
      const author = imported.author;
      const podcast = tx.create(Podcast, {
        ownerId: userId,
        ownerUsername: username,
        name: imported.name,
        slug,
        description: imported.description || DEFAULT_PODCAST_DESCRIPTION,
        language: imported.language,
        category: imported.category,
        author,
        explicit: imported.explicit,
        type: imported.type,
        tags: ['podcast'],
        websiteUrl: imported.websiteUrl,
        email: email ?? '',
        ownerName: imported.ownerName || author,
        ownerEmail: imported.ownerEmail || email || '',
        copyright: imported.copyright || defaultCopyright(imported.name, author),
        fundingLinks: imported.fundingLinks,
        podcastPersons: imported.podcastPersons,
        podcastMedium: imported.podcastMedium,
        podcastGuid: imported.podcastGuid,
        podcastLocked: imported.locked,
        ...imported.channel,
      });
      tx.create(Contributor, {
        podcastId: podcast.id,
        email: email ?? '',
        name: username,
        userId,
        role: 'owner',
        status: 'active',
      });
      this.outbox.add(tx, catalogEvents.podcastCreated, {
        podcastId: podcast.id,
        ownerId: userId,
        slug,
        ownerUsername: username,
      });
      // The podcast's row goes first: the import and the episodes refer to it.
      await tx.flush();
      const feedImport = tx.create(FeedImport, {
        podcastId: podcast.id,
        ownerId: userId,
        feedUrl: feed.feedUrl,
        added: feed.episodes.length,
      });
      await tx.flush();
      const items = await createImportedEpisodes(tx, this.outbox, podcast, feedImport, feed.episodes, userId);
      await tx.flush();
      const artwork: CopyRequest[] = imported.artworkUrl
        ? [{ targetId: podcast.id, purpose: 'podcast-art', url: imported.artworkUrl }]
        : [];
      return { podcast, feedImport, copies: [...artwork, ...episodeCopies(items)] };
    });
    await queueCopies(em, this.bus, podcast, copies);
    return feedImportStatus(em.fork(), this.bus, this.config.PUBLIC_URL, podcast, feedImport);
  }
}

/** The slug of the podcast's name, with a number when the owner already has it. */
async function availableSlug(em: EntityManager, ownerId: string, name: string): Promise<string> {
  const base = slugify(name);
  let candidate = base;
  for (let n = 2; (await em.count(Podcast, { ownerId, slug: candidate })) > 0; n++)
    candidate = `${base}-${n}`;
  return candidate;
}
