import { buffer } from 'node:stream/consumers';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { ObjectStorage } from '@castbase/platform-storage';
import { MediaFile } from '../files/media-file.entity.js';
import { MediaOutput } from '../files/media-output.entity.js';
import type { Id3ChapterFrame } from '../processing/index.js';
import { MEDIA_FOLDER } from '../uploads/media-storage-key.js';

/** A chapter image larger than this is left out of the tag (chapter images are made at most 1400 px). */
export const CHAPTER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The images of all chapters together: every download carries them, so past this the rest are left out. */
export const CHAPTER_IMAGES_TOTAL_MAX_BYTES = 16 * 1024 * 1024;

type Id3Image = NonNullable<Id3ChapterFrame['image']>;
const ID3_IMAGE_TYPES = new Set<string>(['image/jpeg', 'image/png']);

/** Who may have uploaded a chapter image of the episode being tagged. */
export interface ChapterImageOwners {
  podcastId: string;
  /** The podcast's owner and the uploader of the episode's audio. */
  ownerIds: readonly string[];
}

/**
 * Chapter images for the ID3 APIC subframes, read from Castbase's own storage only: a URL is taken only when it is
 * the public URL of an image file (or one of its variants) of this podcast or its people, as the chapter editor's
 * upload makes it. Any other URL is left out of the MP3 (the JSON chapters file still carries it): the media service
 * never fetches addresses a creator typed, so it cannot be made to reach internal hosts.
 */
@Injectable()
export class ChapterImages {
  private readonly logger = new Logger(ChapterImages.name);
  private readonly mediaUrlBase: string;

  constructor(private readonly storage: ObjectStorage) {
    const probe = `${MEDIA_FOLDER}/probe`;
    this.mediaUrlBase = storage.publicUrl(probe).slice(0, -'probe'.length);
  }

  /** The storage key a chapter image URL names, when it is one of ours under the media folder; else null. */
  keyOf(url: string): string | null {
    if (!url.startsWith(this.mediaUrlBase)) return null;
    const rest = url.slice(this.mediaUrlBase.length).split(/[?#]/)[0] ?? '';
    let decoded: string;
    try {
      decoded = decodeURIComponent(rest);
    } catch {
      return null;
    }
    if (decoded === '' || decoded.split('/').some((segment) => segment === '..' || segment === ''))
      return null;
    return `${MEDIA_FOLDER}/${decoded}`;
  }

  /** The image of each URL that can be embedded, by URL; URLs that cannot are absent. */
  async load(
    em: EntityManager,
    urls: readonly string[],
    owners: ChapterImageOwners,
  ): Promise<Map<string, Id3Image>> {
    const images = new Map<string, Id3Image>();
    let total = 0;
    for (const url of new Set(urls)) {
      const image = await this.loadOne(em, url, owners).catch((error: unknown) => {
        this.logger.warn(`Chapter image ${url} left out: ${String(error)}`);
        return null;
      });
      if (!image || total + image.bytes.length > CHAPTER_IMAGES_TOTAL_MAX_BYTES) continue;
      total += image.bytes.length;
      images.set(url, image);
    }
    return images;
  }

  private async loadOne(
    em: EntityManager,
    url: string,
    owners: ChapterImageOwners,
  ): Promise<Id3Image | null> {
    const key = this.keyOf(url);
    if (!key) return null;
    const output = await em.findOne(MediaOutput, { storageKey: key });
    const file = await em.findOne(MediaFile, output ? { id: output.mediaId } : { storageKey: key });
    if (!file || file.kind !== 'image') return null;
    if (file.podcastId !== owners.podcastId && !owners.ownerIds.includes(file.ownerId)) return null;
    const mimeType = output?.mimeType ?? file.mimeType;
    const sizeBytes = output?.sizeBytes ?? file.sizeBytes;
    if (!ID3_IMAGE_TYPES.has(mimeType) || sizeBytes > CHAPTER_IMAGE_MAX_BYTES) return null;
    const object = await this.storage.get(key);
    return { mimeType: mimeType as Id3Image['mimeType'], bytes: await buffer(object.body) };
  }
}
