import type { EntityManager } from '@mikro-orm/postgresql';
import { rememberAtMost } from './remember-at-most.js';
import { Upload } from './upload.entity.js';

/** Owners remembered; past this many the longest-known is forgotten (and asked again if it is needed). */
const REMEMBERED_UPLOADS = 10_000;

/**
 * Who owns each upload, for the PATCH requests that carry its bytes: an upload's owner never changes, so once the
 * database has answered (or the upload was created here) the answer is kept and checking a PATCH's caller costs no
 * round trip on the path every chunk takes.
 */
export class UploadOwners {
  private readonly owners = new Map<string, string>();

  constructor(private readonly em: EntityManager) {}

  remember(uploadId: string, ownerId: string): void {
    rememberAtMost(this.owners, REMEMBERED_UPLOADS, uploadId, ownerId);
  }

  forget(uploadId: string): void {
    this.owners.delete(uploadId);
  }

  /** Whether the upload is the caller's: false for another owner's and for an upload that is not there. */
  async owns(ownerId: string, uploadId: string): Promise<boolean> {
    const known = this.owners.get(uploadId);
    if (known !== undefined) return known === ownerId;
    const upload = await this.em.fork().findOne(Upload, { id: uploadId }, { fields: ['ownerId'] });
    if (!upload) return false;
    this.remember(uploadId, upload.ownerId);
    return upload.ownerId === ownerId;
  }

  /** Marks the caller's upload as receiving bytes now, which keeps it from the sweep; another owner's is untouched. */
  async touch(ownerId: string, uploadId: string): Promise<void> {
    await this.em.fork().nativeUpdate(Upload, { id: uploadId, ownerId }, { updatedAt: new Date() });
  }
}
