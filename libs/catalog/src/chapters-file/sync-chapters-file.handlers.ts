import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { ChaptersFileWriter } from './chapters-file-writer.js';

/*
 * The catalog consumes its own episode events to keep the chapters files: the event is written by the outbox in the
 * transaction of the change, so a crash after the commit (or a storage outage) only delays the file, which the
 * redelivered event writes. Writing after the commit from the request instead would lose the file for good when the
 * process stopped in between.
 */

type Created = typeof catalogEvents.episodeCreated;
type Updated = typeof catalogEvents.episodeUpdated;
type Deleted = typeof catalogEvents.episodeDeleted;

/** A new episode (created or duplicated) with chapters gets its file. */
@Injectable()
export class WriteChaptersFileOnEpisodeCreatedHandler implements EventHandler<Created> {
  readonly definition = catalogEvents.episodeCreated;

  constructor(private readonly writer: ChaptersFileWriter) {}

  async handle(payload: PayloadOf<Created>, { em }: EventHandlerContext<Created>): Promise<void> {
    await this.writer.sync(em, payload.episodeId);
  }
}

/** A save or a restored version may change the chapters: the file is written again, or removed when emptied. */
@Injectable()
export class WriteChaptersFileOnEpisodeUpdatedHandler implements EventHandler<Updated> {
  readonly definition = catalogEvents.episodeUpdated;

  constructor(private readonly writer: ChaptersFileWriter) {}

  async handle(payload: PayloadOf<Updated>, { em }: EventHandlerContext<Updated>): Promise<void> {
    await this.writer.sync(em, payload.episodeId);
  }
}

/** A deleted episode's file goes. */
@Injectable()
export class RemoveChaptersFileOnEpisodeDeletedHandler implements EventHandler<Deleted> {
  readonly definition = catalogEvents.episodeDeleted;

  constructor(private readonly writer: ChaptersFileWriter) {}

  async handle(payload: PayloadOf<Deleted>): Promise<void> {
    await this.writer.remove(payload.episodeId);
  }
}
