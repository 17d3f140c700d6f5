import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { chaptersFileKey, JSON_CHAPTERS_CONTENT_TYPE, jsonChaptersDocument } from '@castbase/contracts';
import { ObjectStorage } from '@castbase/platform-storage';
import { Episode } from '../episodes/episode.entity.js';
import { Podcast } from '../podcasts/podcast.entity.js';

/**
 * Keeps an episode's JSON chapters file (version 1.2.0) in step with its chapters: written when it has chapters,
 * removed when it has none or is gone. It always writes what the episode holds now, never what an event said, so
 * a late, repeated or reordered event cannot bring back old chapters. The episode's row is locked while the file is
 * written: two writers of one episode take turns, and the one that goes last wrote the latest chapters.
 */
@Injectable()
export class ChaptersFileWriter {
  constructor(private readonly storage: ObjectStorage) {}

  /** Inside the transaction of the event being handled (`em`). */
  async sync(em: EntityManager, episodeId: string): Promise<'written' | 'removed'> {
    const episode = await em.findOne(Episode, episodeId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const key = chaptersFileKey(episodeId);
    if (!episode || episode.chapters.length === 0) {
      await this.storage.delete(key);
      return 'removed';
    }
    const podcast = await em.findOne(Podcast, episode.podcastId);
    const document = jsonChaptersDocument(episode.chapters, {
      title: episode.title,
      ...(podcast ? { podcastName: podcast.name } : {}),
    });
    await this.storage.put(key, `${JSON.stringify(document, null, 2)}\n`, {
      contentType: JSON_CHAPTERS_CONTENT_TYPE,
      // Rewritten in place at every change: whatever caches it must ask again.
      cacheControl: 'no-cache',
    });
    return 'written';
  }

  /** An episode deleted: its file goes (deleting a missing file is not an error). */
  async remove(episodeId: string): Promise<void> {
    await this.storage.delete(chaptersFileKey(episodeId));
  }
}
