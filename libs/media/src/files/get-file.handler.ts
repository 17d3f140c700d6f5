import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DomainError, mediaRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { toMediaFileReply } from './media-file-reply.js';
import { MediaFile } from './media-file.entity.js';

type Definition = typeof mediaRequests.getFile;

/** One media file of its owner; another owner's id is not found, so ids reveal nothing. */
@Injectable()
export class GetFileHandler implements RequestHandler<Definition> {
  readonly definition = mediaRequests.getFile;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ ownerId, mediaId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const file = await em.findOne(MediaFile, { id: mediaId, ownerId });
    if (!file) throw new DomainError('MEDIA_NOT_FOUND');
    return toMediaFileReply(em, this.storage, file);
  }
}
