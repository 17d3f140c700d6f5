import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRequests,
  duplicateTitle,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { requireEpisodeRole } from '../access/podcast-access.js';
import { recordVersion } from '../versions/record-version.js';
import { Episode } from './episode.entity.js';
import { episodeFact, episodeTagFields } from './episode-lifecycle.js';

type Definition = typeof catalogRequests.duplicateEpisode;

/**
 * A new draft from an episode (spec 2 §4 "Duplicate"): every field the creator edits is copied, the title gets
 * ' (Copy)', and it has no publish or scheduled date, no plays, a guid of its own (podcast apps must not take it
 * for the original) and its own history starting at version 1. It plays the same media file as the original, so
 * deleting either releases the file only once the other is gone too.
 */
@Injectable()
export class DuplicateEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.duplicateEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      // Shared lock: a delete of the original waits for the copy to exist, so it sees the media still in use.
      const { episode: original } = await requireEpisodeRole(em, userId, episodeId, 'editEpisodes', {
        lockMode: LockMode.PESSIMISTIC_READ,
      });
      const copy = em.create(Episode, copiedFields(original));
      recordVersion(em, copy, userId);
      this.outbox.add(em, catalogEvents.episodeCreated, {
        ...episodeFact(copy),
        status: copy.status,
        ...episodeTagFields(copy),
      });
      await em.flush();
      return copy.toDto(this.storage);
    });
  }
}

/** What a duplicate takes from its original; lists and objects are copied, never shared. */
function copiedFields(original: Episode) {
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    podcastId: original.podcastId,
    ownerId: original.ownerId,
    title: duplicateTitle(original.title),
    description: original.description,
    status: 'draft' as const,
    episodeType: original.episodeType,
    explicit: original.explicit,
    seasonNumber: original.seasonNumber,
    episodeNumber: original.episodeNumber,
    media: copy(original.media),
    artworkKey: original.artworkKey,
    artworkMediaId: original.artworkMediaId,
    tags: copy(original.tags),
    enableRss: original.enableRss,
    enableVideo: original.enableVideo,
    podcastBlock: original.podcastBlock,
    transcripts: copy(original.transcripts),
    chapters: copy(original.chapters),
    soundbites: copy(original.soundbites),
    persons: copy(original.persons),
    value: copy(original.value),
    location: copy(original.location),
    funding: copy(original.funding),
    license: copy(original.license),
    alternateEnclosures: copy(original.alternateEnclosures),
  };
}
