import { Injectable } from '@nestjs/common';
import { ObjectStorage, StorageObjectNotFoundError } from '@castbase/platform-storage';

/** The stored copies of a variant: the XML and its precompressed gzip and brotli codings. */
export type FeedFileCoding = 'identity' | 'gzip' | 'br';

const EXTENSIONS: Record<FeedFileCoding, string> = { identity: '.xml', gzip: '.xml.gz', br: '.xml.br' };
const CONTENT_TYPES: Record<FeedFileCoding, string> = {
  identity: 'application/rss+xml; charset=utf-8',
  gzip: 'application/gzip',
  br: 'application/x-brotli',
};

/** `rss/{podcastId}/{variantKey}.xml`, `.xml.gz`, `.xml.br` (spec 2 §7 keeps feed files under rss/). */
export function feedFileKey(podcastId: string, variantKey: string, coding: FeedFileCoding): string {
  return `rss/${podcastId}/${variantKey}${EXTENSIONS[coding]}`;
}

/** A podcast's feed files in object storage: written at generation, read into memory when first served. */
@Injectable()
export class FeedFiles {
  constructor(private readonly storage: ObjectStorage) {}

  /** Stores a variant's three copies from local files (the generation's temporary files). */
  async write(podcastId: string, variantKey: string, files: Record<FeedFileCoding, string>): Promise<void> {
    await Promise.all(
      (Object.keys(files) as FeedFileCoding[]).map((coding) =>
        this.storage.putFile(feedFileKey(podcastId, variantKey, coding), files[coding], {
          contentType: CONTENT_TYPES[coding],
        }),
      ),
    );
  }

  /** One coding's bytes, or null when the file is gone (a removal raced the read). */
  async read(podcastId: string, variantKey: string, coding: FeedFileCoding): Promise<Buffer | null> {
    try {
      const object = await this.storage.get(feedFileKey(podcastId, variantKey, coding));
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) return null;
      throw error;
    }
  }

  async deleteVariants(podcastId: string, variantKeys: readonly string[]): Promise<void> {
    const keys = variantKeys.flatMap((variantKey) =>
      (Object.keys(EXTENSIONS) as FeedFileCoding[]).map((coding) =>
        feedFileKey(podcastId, variantKey, coding),
      ),
    );
    if (keys.length > 0) await this.storage.deleteMany(keys);
  }

  /** Every stored file of these podcasts; answers how many went. */
  async deletePodcasts(podcastIds: readonly string[]): Promise<number> {
    let removed = 0;
    for (const podcastId of podcastIds) {
      const keys: string[] = [];
      for await (const key of this.storage.list(`rss/${podcastId}/`)) keys.push(key);
      if (keys.length > 0) await this.storage.deleteMany(keys);
      removed += keys.length;
    }
    return removed;
  }
}
