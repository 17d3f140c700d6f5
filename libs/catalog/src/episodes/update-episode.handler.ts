import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRequests,
  DomainError,
  type ParsedRequestOf,
  type ParsedUpdateEpisodeInput,
  type ReplyOf,
} from '@castbase/contracts';
import { MessageBus, Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { requireEpisodeRole } from '../access/podcast-access.js';
import { withDatabaseRefusals } from '../database/database-refusals.js';
import { recordVersion } from '../versions/record-version.js';
import { attachableArtwork, attachableMedia } from './episode-attachments.js';
import {
  applyAttachments,
  applyPlainFields,
  applyStatus,
  checkPodcasting20,
  podcasting20FieldsOf,
  type EpisodeAttachments,
} from './episode-edits.js';
import { addStatusChangeEvents } from './episode-events.js';
import type { Episode } from './episode.entity.js';
import { episodeTagFields } from './episode-lifecycle.js';

type Definition = typeof catalogRequests.updateEpisode;

/**
 * The editor's save: any fields, made from the revision the editor loaded. The episode's row is locked while the
 * save is checked and written, so of two saves from one revision the second always finds the first's and is refused
 * with EPISODE_EDIT_CONFLICT instead of undoing it. The save is a new version; catalog.episode.updated and, when the
 * status changed, its lifecycle event commit with it.
 */
@Injectable()
export class UpdateEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.updateEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly bus: MessageBus,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, episodeId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const { episode: loaded } = await requireEpisodeRole(this.em.fork(), userId, episodeId, 'editEpisodes');
    requireRevision(loaded, input.revision);
    // Files are looked up before the row is locked, so no lock waits on the media service.
    const attachments = await this.newAttachments(userId, loaded, input);
    return withDatabaseRefusals(() =>
      this.em.fork().transactional(async (em) => {
        const { episode } = await requireEpisodeRole(em, userId, episodeId, 'editEpisodes', {
          lockMode: LockMode.PESSIMISTIC_WRITE,
        });
        requireRevision(episode, input.revision);
        const before = {
          status: episode.status,
          scheduledReleaseDate: episode.scheduledReleaseDate,
          mediaId: episode.media?.mediaId ?? null,
        };
        const storedPodcasting20 = podcasting20FieldsOf(episode);
        applyPlainFields(episode, input);
        applyAttachments(episode, attachments);
        checkPodcasting20(episode, storedPodcasting20);
        applyStatus(episode, input.status ?? episode.status, requestedSchedule(episode, input), before);
        recordVersion(em, episode, userId);
        this.outbox.add(em, catalogEvents.episodeUpdated, {
          episodeId,
          podcastId: episode.podcastId,
          ownerId: episode.ownerId,
          status: episode.status,
          ...episodeTagFields(episode),
        });
        addStatusChangeEvents(this.outbox, em, episode, before);
        await em.flush();
        return episode.toDto(this.storage);
      }),
    );
  }

  /** The media and artwork the input changes; a file already attached is not asked for again. */
  private async newAttachments(
    userId: string,
    episode: Episode,
    input: ParsedUpdateEpisodeInput,
  ): Promise<EpisodeAttachments> {
    const attachments: EpisodeAttachments = {};
    if (input.mediaId !== undefined && input.mediaId !== (episode.media?.mediaId ?? null)) {
      attachments.media = input.mediaId ? await attachableMedia(this.bus, userId, input.mediaId) : null;
    }
    if (input.artworkMediaId !== undefined && input.artworkMediaId !== episode.artworkMediaId) {
      attachments.artwork = input.artworkMediaId
        ? await attachableArtwork(this.bus, userId, input.artworkMediaId)
        : { artworkMediaId: null, artworkKey: null };
    }
    return attachments;
  }
}

/** A save names the revision it was made from; any other than the stored one is a conflict. */
function requireRevision(episode: Episode, revision: number): void {
  if (episode.revision !== revision) throw new DomainError('EPISODE_EDIT_CONFLICT');
}

/** The schedule a save asks for: the input's when it names one (null clears it), else the stored one. */
function requestedSchedule(episode: Episode, input: ParsedUpdateEpisodeInput): Date | null {
  if (input.scheduledReleaseDate === undefined) return episode.scheduledReleaseDate;
  return input.scheduledReleaseDate === null ? null : new Date(input.scheduledReleaseDate);
}
