import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import {
  acceptedKinds,
  can,
  catalogRequests,
  declaredKindOf,
  DomainError,
  maxBytesFor,
  planMessages,
  uploadMetadataSchema,
  uploadProblem,
  type UploadMetadata,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus } from '@castbase/platform-messaging';
import { Upload } from './upload.entity.js';

type PlanConfig = Pick<AppConfig, 'PLAN_STORAGE_BYTES' | 'PLAN_EPISODES'>;

/**
 * Everything decided before the first byte of an upload is accepted: the metadata names a purpose and a file of a
 * kind that purpose takes, within its size; the caller may write to the podcast; the plan has room.
 */
@Injectable()
export class UploadPolicy {
  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: PlanConfig,
  ) {}

  /** The validated metadata of a tus creation request, or a DomainError with the spec's message. */
  async admit(
    ownerId: string,
    rawMetadata: Record<string, string | null | undefined>,
    sizeBytes: number | undefined,
  ): Promise<UploadMetadata> {
    const parsed = uploadMetadataSchema.safeParse(
      Object.fromEntries(Object.entries(rawMetadata).filter(([, value]) => value !== null && value !== '')),
    );
    if (!parsed.success) {
      throw new DomainError('VALIDATION_FAILED', parsed.error.issues[0]?.message, {
        issues: parsed.error.issues.map(({ path, message }) => ({ path, message })),
      });
    }
    const metadata = parsed.data;
    if (sizeBytes === undefined) {
      throw new DomainError('VALIDATION_FAILED', 'The upload must announce its size (Upload-Length)');
    }
    const problem = uploadProblem(metadata.purpose, {
      name: metadata.filename,
      type: metadata.filetype,
      size: sizeBytes,
    });
    if (problem) {
      const kind = declaredKindOf({ name: metadata.filename, type: metadata.filetype });
      // Too large only for a kind the purpose takes: another kind is refused as such, whatever its size.
      const tooLarge =
        kind !== null &&
        acceptedKinds(metadata.purpose).includes(kind) &&
        sizeBytes > maxBytesFor(metadata.purpose, kind);
      throw new DomainError(tooLarge ? 'UPLOAD_TOO_LARGE' : 'UPLOAD_REFUSED', problem);
    }
    if (metadata.podcastId) await this.requireEpisodeEditor(ownerId, metadata.podcastId);
    await this.requireStorageRoom(ownerId, sizeBytes);
    if (metadata.purpose === 'episode-media') {
      if (metadata.episodeId) {
        await this.requireEditableEpisode(ownerId, metadata.episodeId, metadata.podcastId);
      } else await this.requireEpisodeRoom(ownerId);
    }
    return metadata;
  }

  /**
   * Media for a podcast's episodes needs the editor role on it (owners are editors too): no role is
   * PODCAST_NOT_FOUND, as for a podcast that does not exist; a viewer is PODCAST_ROLE_FORBIDDEN. The file stays
   * the uploader's, counted against their storage.
   */
  private async requireEpisodeEditor(userId: string, podcastId: string): Promise<void> {
    const { role } = await this.bus.request(catalogRequests.resolveAccess, { userId, podcastId });
    if (!can(role, 'editEpisodes')) throw new DomainError('PODCAST_ROLE_FORBIDDEN');
  }

  /** What the creator keeps (originals and every derived file) plus uploads under way, against the plan. */
  async usedBytes(ownerId: string): Promise<number> {
    const [row] = await this.em.getConnection().execute<Array<{ bytes: string | null }>>(
      `select coalesce((select sum(size_bytes) from media.media_files where owner_id = ?), 0)
            + coalesce((select sum(o.size_bytes) from media.media_outputs o join media.media_files f on f.id = o.media_id
                         where f.owner_id = ?), 0)
            + coalesce((select sum(size_bytes) from media.uploads where owner_id = ? and status = 'uploading'), 0) as bytes`,
      [ownerId, ownerId, ownerId],
    );
    return Number(row?.bytes ?? 0);
  }

  private async requireStorageRoom(ownerId: string, sizeBytes: number): Promise<void> {
    const used = await this.usedBytes(ownerId);
    if (used + sizeBytes > this.config.PLAN_STORAGE_BYTES) {
      throw new DomainError(
        'PLAN_STORAGE_EXCEEDED',
        planMessages.storageFull(sizeBytes, used, this.config.PLAN_STORAGE_BYTES),
        { usedBytes: used, limitBytes: this.config.PLAN_STORAGE_BYTES },
      );
    }
  }

  /**
   * New media for an existing episode: of a podcast the caller edits (EPISODE_NOT_FOUND without a role on it,
   * PODCAST_ROLE_FORBIDDEN for a viewer), and of the podcast named.
   */
  private async requireEditableEpisode(userId: string, episodeId: string, podcastId: string | undefined) {
    const access = await this.bus.request(catalogRequests.resolveAccess, { userId, episodeId });
    if (podcastId && access.podcastId !== podcastId) throw new DomainError('EPISODE_NOT_FOUND');
    if (!can(access.role, 'editEpisodes')) throw new DomainError('PODCAST_ROLE_FORBIDDEN');
  }

  /** A new episode's media is refused once the creator has as many episodes as the plan allows. */
  private async requireEpisodeRoom(ownerId: string): Promise<void> {
    const limit = this.config.PLAN_EPISODES;
    const { items } = await this.bus.request(catalogRequests.exportEpisodes, {
      ownerId,
      after: null,
      limit: Math.min(1000, limit),
    });
    if (items.length >= limit) {
      throw new DomainError('PLAN_EPISODES_EXCEEDED', planMessages.episodesFull(limit), { limit });
    }
  }

  /** The caller's upload, or UPLOAD_NOT_FOUND (another owner's upload is not found either). */
  async ownUpload(ownerId: string, uploadId: string): Promise<Upload> {
    const upload = await this.em.fork().findOne(Upload, { id: uploadId, ownerId });
    if (!upload) throw new DomainError('UPLOAD_NOT_FOUND');
    return upload;
  }
}
