import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Chapter, StoredEpisodeMedia } from '@castbase/contracts';
import { ObjectStorage } from '@castbase/platform-storage';
import { deleteInBatches } from '../files/delete-in-batches.js';
import { MediaFile } from '../files/media-file.entity.js';
import { MediaOutput } from '../files/media-output.entity.js';
import { RemoteImport } from '../remote-imports/remote-import.entity.js';
import { ProcessingJob } from './processing-job.entity.js';
import {
  episodeAudioRole,
  TAG_EPISODE_AUDIO,
  tagFingerprint,
  type TagEpisodeParams,
} from './episode-tag-params.js';
import { ProcessingQueue } from './processing-queue.js';

/** What a catalog episode event says of the episode's tags (absent in events written before they carried them). */
export interface EpisodeTagFacts {
  episodeId: string;
  podcastId: string;
  ownerId: string;
  title?: string | undefined;
  chapters?: Chapter[] | undefined;
  media?: StoredEpisodeMedia | null | undefined;
}

/**
 * Decides when an episode's MP3 is tagged again. Each episode plays its own tagged copy of the media file's published
 * MP3 (a duplicate plays the same file with its own title and chapters), made by a `tag-episode-audio` job whenever
 * the file, the title or the chapters differ from what the episode's last tagging was asked for. Saves that change
 * neither (the description, a tag, the media key it just took) queue nothing.
 */
@Injectable()
export class EpisodeTagging {
  constructor(
    private readonly queue: ProcessingQueue,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * A deleted episode's tagged copies go (on a file another episode still plays, or the catalog released), and its
   * tagging jobs with them: a run still going finds its job gone and keeps nothing. In the event's transaction `em`.
   */
  async dropEpisode(em: EntityManager, episodeId: string): Promise<void> {
    const copies = await em.find(MediaOutput, { role: episodeAudioRole(episodeId) });
    await deleteInBatches(
      this.storage,
      copies.map((copy) => copy.storageKey),
    );
    await em.nativeDelete(MediaOutput, { role: episodeAudioRole(episodeId) });
    await em.nativeDelete(ProcessingJob, { type: TAG_EPISODE_AUDIO, params: { episodeId } });
  }

  /**
   * In the transaction `em` of the catalog event being handled (made at `changedAt`): the job and its request commit
   * with it.
   */
  async queueIfChanged(
    em: EntityManager,
    facts: EpisodeTagFacts,
    changedAt: string,
  ): Promise<ProcessingJob | null> {
    const { title, chapters, media } = facts;
    if (title === undefined || chapters === undefined || !media) return null;
    const file = await em.findOne(MediaFile, media.mediaId);
    // Only a ready MP3 has a published file to tag; video and files still processing are left as they are.
    if (!file || file.kind !== 'audio' || file.status !== 'ready' || file.mimeType !== 'audio/mpeg')
      return null;
    const fingerprint = tagFingerprint(file.id, title, chapters);
    // The events of one save (updated, then published) are handled at once: taking turns per episode, the second one
    // finds the first one's job and queues nothing, instead of a second run of the same tagging.
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
      `media:episode-tagging:${facts.episodeId}`,
    ]);
    const newerChange = await em.count(ProcessingJob, {
      type: TAG_EPISODE_AUDIO,
      params: { episodeId: facts.episodeId, changedAt: { $gt: changedAt } },
    });
    if (newerChange > 0) return null;
    const [latest] = await em.find(
      ProcessingJob,
      { type: TAG_EPISODE_AUDIO, params: { episodeId: facts.episodeId } },
      { orderBy: { createdAt: 'desc' }, limit: 1 },
    );
    if (latest && latest.status !== 'failed' && latest.params?.['fingerprint'] === fingerprint) return null;
    if (!latest && (await this.keptAsImported(em, file.id, facts.episodeId, fingerprint))) return null;
    const params: TagEpisodeParams = {
      episodeId: facts.episodeId,
      podcastId: facts.podcastId,
      episodeOwnerId: facts.ownerId,
      title,
      chapters,
      fingerprint,
      changedAt,
    };
    const job = Object.assign(new ProcessingJob(), {
      mediaId: file.id,
      ownerId: file.ownerId,
      type: TAG_EPISODE_AUDIO,
      params,
    });
    em.persist(job);
    await em.flush();
    this.queue.request(em, job);
    return job;
  }

  /**
   * A file copied from another host for this very episode (the feed import) is published as the old host served it,
   * already tagged there: the first event that plays it records its file, title and chapters as what it carries, and
   * the episode gets its own tagged copy only once one of them changes. This spares an import a second copy of every
   * file and, for each, one more catalog change and feed generation.
   */
  private async keptAsImported(
    em: EntityManager,
    mediaId: string,
    episodeId: string,
    fingerprint: string,
  ): Promise<boolean> {
    // A copied file's media id is its copy's id.
    const imported = { id: mediaId, targetId: episodeId, purpose: 'episode-media' as const };
    // Concurrent events of one publication (updated, published) record the same fingerprint: the first one wins.
    await em.nativeUpdate(
      RemoteImport,
      { ...imported, tagFingerprint: null },
      { tagFingerprint: fingerprint },
    );
    const row = await em.findOne(RemoteImport, imported, { refresh: true });
    return row?.tagFingerprint === fingerprint;
  }
}
