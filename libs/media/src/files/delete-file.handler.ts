import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogRequests,
  DomainError,
  mediaRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { MessageBus, type RequestHandler } from '@castbase/platform-messaging';
import { MediaFileRemover } from './media-file-remover.js';
import { MediaFile } from './media-file.entity.js';

type Definition = typeof mediaRequests.deleteFile;

/** Episodes read per page while looking for one that uses a file. */
const EPISODE_PAGE = 500;

/**
 * Removes one media file of its owner with everything stored for it (`MediaFileRemover`). A file a podcast
 * (artwork) or an episode still uses is kept and answers MEDIA_IN_USE. Another owner's id is not found and nothing
 * of theirs is touched.
 */
@Injectable()
export class DeleteFileHandler implements RequestHandler<Definition> {
  readonly definition = mediaRequests.deleteFile;

  constructor(
    private readonly em: EntityManager,
    private readonly remover: MediaFileRemover,
    private readonly bus: MessageBus,
  ) {}

  async handle({ ownerId, mediaId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const file = await em.findOne(MediaFile, { id: mediaId, ownerId });
    if (!file) throw new DomainError('MEDIA_NOT_FOUND');
    if (await this.isInUse(ownerId, mediaId)) throw new DomainError('MEDIA_IN_USE');
    await em.transactional((tx) => this.remover.remove(tx, [file.id]));
    return { deleted: true };
  }

  /**
   * Whether a podcast the owner has a role on (theirs or one shared with them) has it as artwork, or one of their
   * episodes plays it.
   */
  private async isInUse(ownerId: string, mediaId: string): Promise<boolean> {
    const { items: podcasts } = await this.bus.request(catalogRequests.listPodcasts, { userId: ownerId });
    if (podcasts.some((podcast) => podcast.artworkMediaId === mediaId)) return true;
    let after: string | null = null;
    do {
      const page: ReplyOf<typeof catalogRequests.exportEpisodes> = await this.bus.request(
        catalogRequests.exportEpisodes,
        { ownerId, after, limit: EPISODE_PAGE },
      );
      if (page.items.some((episode) => episode.media?.mediaId === mediaId)) return true;
      after = page.next;
    } while (after !== null);
    return false;
  }
}
