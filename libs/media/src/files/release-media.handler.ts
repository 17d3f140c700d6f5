import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { EpisodeTagging } from '../processing-jobs/episode-tagging.js';
import { MediaFileRemover } from './media-file-remover.js';

/**
 * The media files the catalog released (`releasedMediaIds`: nothing in the catalog uses them any more) go, whoever
 * uploaded them (an editor's upload on the owner's podcast too), in the event's transaction; a redelivered event
 * finishes what a crash left, and a file already gone is skipped.
 */

/** A deleted episode's media and artwork that nothing else uses go, and its own tagged MP3 with its tagging jobs. */
@Injectable()
export class ReleaseMediaOfDeletedEpisodeHandler implements EventHandler<
  typeof catalogEvents.episodeDeleted
> {
  readonly definition = catalogEvents.episodeDeleted;

  constructor(
    private readonly remover: MediaFileRemover,
    private readonly tagging: EpisodeTagging,
  ) {}

  async handle(
    { episodeId, releasedMediaIds }: PayloadOf<typeof catalogEvents.episodeDeleted>,
    { em }: EventHandlerContext<typeof catalogEvents.episodeDeleted>,
  ): Promise<void> {
    await this.remover.remove(em, releasedMediaIds);
    await this.tagging.dropEpisode(em, episodeId);
  }
}

/** A deleted podcast's artwork and its episodes' media that nothing else uses go. */
@Injectable()
export class ReleaseMediaOfDeletedPodcastHandler implements EventHandler<
  typeof catalogEvents.podcastDeleted
> {
  readonly definition = catalogEvents.podcastDeleted;

  constructor(private readonly remover: MediaFileRemover) {}

  async handle(
    { releasedMediaIds }: PayloadOf<typeof catalogEvents.podcastDeleted>,
    { em }: EventHandlerContext<typeof catalogEvents.podcastDeleted>,
  ): Promise<void> {
    await this.remover.remove(em, releasedMediaIds);
  }
}
