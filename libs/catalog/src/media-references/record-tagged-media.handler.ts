import { LockMode } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { catalogEvents, mediaEvents, type PayloadOf } from '@castbase/contracts';
import { Outbox, type EventHandler, type EventHandlerContext } from '@castbase/platform-messaging';
import { Episode } from '../episodes/episode.entity.js';
import { episodeFact, episodeTagFields } from '../episodes/episode-lifecycle.js';

type Definition = typeof mediaEvents.episodeAudioTagged;

/**
 * The media service tagged the episode's MP3 again (its title and chapters in ID3 frames): the episode's copy of its
 * media takes the new key and size, so the feed's enclosure length and the download redirect follow. It is not a
 * save: no version, the revision stays (an open editor is not made stale). catalog.episode.updated tells feeds and
 * analytics. An event about a file the episode no longer plays is ignored.
 */
@Injectable()
export class RecordTaggedMediaHandler implements EventHandler<Definition> {
  readonly definition = mediaEvents.episodeAudioTagged;

  constructor(private readonly outbox: Outbox) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    const episode = await em.findOne(Episode, payload.episodeId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!episode?.media || episode.media.mediaId !== payload.mediaId) return;
    if (episode.media.storageKey === payload.storageKey && episode.media.sizeBytes === payload.sizeBytes)
      return;
    episode.media = { ...episode.media, storageKey: payload.storageKey, sizeBytes: payload.sizeBytes };
    this.outbox.add(em, catalogEvents.episodeUpdated, {
      ...episodeFact(episode),
      status: episode.status,
      ...episodeTagFields(episode),
    });
    await em.flush();
  }
}
