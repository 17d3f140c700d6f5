import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRequests,
  DomainError,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { Podcast } from './podcast.entity.js';
import { slugify } from './slug.js';

type Definition = typeof catalogRequests.createPodcast;

/** Tries of a name-derived slug when podcasts of the same name are created at the same moment. */
const DERIVED_SLUG_ATTEMPTS = 5;

/** The owner already has a podcast with this slug: it was committed between our check and our insert. */
function isSlugCollision(error: unknown): boolean {
  return (
    error instanceof UniqueConstraintViolationException &&
    (error as { constraint?: unknown }).constraint === 'podcasts_owner_id_slug_unique'
  );
}

@Injectable()
export class CreatePodcastHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.createPodcast;

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: Outbox,
  ) {}

  async handle(request: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.create(request);
      } catch (error) {
        if (!isSlugCollision(error)) throw error;
        if (request.input.slug) throw new DomainError('SLUG_TAKEN');
        // A derived slug is tried again: the next check sees the podcast that won and picks the next number.
        if (attempt >= DERIVED_SLUG_ATTEMPTS) throw error;
      }
    }
  }

  private create({
    ownerId,
    ownerUsername,
    input,
  }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      const slug = await this.availableSlug(em, ownerId, input.slug, input.name);
      const podcast = em.create(Podcast, {
        ownerId,
        ownerUsername,
        name: input.name,
        slug,
        description: input.description,
        language: input.language,
        category: input.category,
        author: input.author,
        explicit: input.explicit,
        type: input.type,
        visibility: input.visibility,
      });
      this.outbox.add(em, catalogEvents.podcastCreated, {
        podcastId: podcast.id,
        ownerId,
        slug,
        ownerUsername,
      });
      await em.flush();
      return podcast.toDto();
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
