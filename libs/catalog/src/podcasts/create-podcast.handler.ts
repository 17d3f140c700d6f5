import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  applyPodcastCreationDefaults,
  catalogEvents,
  catalogRequests,
  DomainError,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus, Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { violatesUniqueConstraint } from '@castbase/platform-persistence';
import { ObjectStorage } from '@castbase/platform-storage';
import { Contributor } from '../contributors/contributor.entity.js';
import { NO_ARTWORK, ownersArtwork, type PodcastArtwork } from './podcast-artwork.js';
import { podcastGuidAtCreation } from './podcast-guid.js';
import { newPrivateAccessToken } from './private-token.js';
import { Podcast } from './podcast.entity.js';
import { slugify } from './slug.js';

type Definition = typeof catalogRequests.createPodcast;

/** Tries of a name-derived slug when podcasts of the same name are created at the same moment. */
const DERIVED_SLUG_ATTEMPTS = 5;

@Injectable()
export class CreatePodcastHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.createPodcast;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async handle(request: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const artwork = request.input.artworkMediaId
      ? await ownersArtwork(this.bus, request.ownerId, request.input.artworkMediaId)
      : NO_ARTWORK;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.create(request, artwork);
      } catch (error) {
        // The owner already has a podcast with this slug: it was committed between our check and our insert.
        if (!violatesUniqueConstraint(error, 'podcasts_owner_id_slug_unique')) throw error;
        if (request.input.slug) throw new DomainError('SLUG_TAKEN');
        // A derived slug is tried again: the next check sees the podcast that won and picks the next number.
        if (attempt >= DERIVED_SLUG_ATTEMPTS) throw error;
      }
    }
  }

  private create(
    { ownerId, ownerUsername, ownerEmail, input }: ParsedRequestOf<Definition>,
    artwork: PodcastArtwork,
  ): Promise<ReplyOf<Definition>> {
    const values = applyPodcastCreationDefaults(input, { email: ownerEmail });
    return this.em.fork().transactional(async (em) => {
      const slug = await this.availableSlug(em, ownerId, values.slug, values.name);
      const id = randomUUID();
      const podcastGuid = podcastGuidAtCreation(this.config.PUBLIC_URL, { id, ownerUsername, slug });
      const podcast = em.create(Podcast, {
        ...values,
        id,
        ownerId,
        ownerUsername,
        slug,
        podcastGuid,
        ...artwork,
      });
      // A podcast created private gets its feed token at once, as one made private in its settings does.
      if (podcast.visibility === 'private') podcast.privateAccessToken = newPrivateAccessToken();
      // The owner's role is a row like any contributor's, so one table answers every access check.
      em.create(Contributor, {
        podcastId: podcast.id,
        email: ownerEmail ?? '',
        name: ownerUsername,
        userId: ownerId,
        role: 'owner',
        status: 'active',
      });
      this.outbox.add(em, catalogEvents.podcastCreated, {
        podcastId: podcast.id,
        ownerId,
        slug,
        ownerUsername,
      });
      await em.flush();
      return podcast.toDto(this.storage, 'owner');
    });
  }

  /** A slug the creator chose must be free; one derived from the name gets a number when taken. */
  private async availableSlug(
    em: EntityManager,
    ownerId: string,
    chosen: string | undefined,
    name: string,
  ): Promise<string> {
    const taken = async (slug: string) => (await em.count(Podcast, { ownerId, slug })) > 0;
    if (chosen) {
      if (await taken(chosen)) throw new DomainError('SLUG_TAKEN');
      return chosen;
    }
    const base = slugify(name);
    let candidate = base;
    for (let n = 2; await taken(candidate); n++) candidate = `${base}-${n}`;
    return candidate;
  }
}
