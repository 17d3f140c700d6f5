import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { DomainError } from '@castbase/contracts';
import { ObjectStorage } from '@castbase/platform-storage';
import { Enclosure } from '../enclosures/enclosure.entity.js';
import { PodcastAccessService } from '../podcasts/podcast-access.service.js';
import { DailyIpHasher } from './daily-ip-hasher.js';
import { readDownloadRange } from './download-range.js';
import { Download } from './download.entity.js';

export interface EnclosureRequest {
  podcastId: string;
  episodeId: string;
  method: string;
  ip: string;
  userAgent: string | undefined;
  referrer: string | undefined;
  range: string | undefined;
  /** The `token` query parameter: a private podcast's downloads need its current token. */
  token?: string | undefined;
}

const idSchema = z.uuid();
const MAX_USER_AGENT_LENGTH = 512;
const MAX_REFERRER_LENGTH = 2048;

/** Finds where an episode's media is and records the request as a download when it starts one. */
@Injectable()
export class EnclosureRedirectService {
  private readonly logger = new Logger(EnclosureRedirectService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly ipHasher: DailyIpHasher,
    private readonly storage: ObjectStorage,
    private readonly podcastAccess: PodcastAccessService,
  ) {}

  /**
   * Where to send the listener: the media's public URL, or with S3 storage and no public address for it, a presigned
   * URL (one hop, not two through `/storage`). EPISODE_NOT_FOUND for ids that are not a published episode of that
   * podcast; FEED_TOKEN_REQUIRED / FEED_TOKEN_INVALID for a private podcast's episode without its current token (not
   * counted).
   */
  async resolve(request: EnclosureRequest): Promise<string> {
    if (!idSchema.safeParse(request.podcastId).success || !idSchema.safeParse(request.episodeId).success) {
      throw new DomainError('EPISODE_NOT_FOUND');
    }
    const em = this.em.fork();
    const enclosure = await em.findOne(Enclosure, {
      episodeId: request.episodeId,
      podcastId: request.podcastId,
    });
    if (!enclosure) throw new DomainError('EPISODE_NOT_FOUND');
    await this.podcastAccess.assertMayDownload(em, enclosure, request.token);
    const range = readDownloadRange(request.range);
    if (request.method !== 'HEAD' && range.counts) {
      // A listener gets their episode even when the count cannot be written.
      await this.record(em, enclosure, request, range.rangeStart).catch((error: unknown) => {
        const detail = error instanceof Error ? error.stack : String(error);
        this.logger.error(`could not record a download of episode ${enclosure.episodeId}`, detail);
      });
    }
    return (await this.storage.readUrl(enclosure.mediaKey)).url;
  }

  private async record(
    em: EntityManager,
    enclosure: Enclosure,
    request: EnclosureRequest,
    rangeStart: number | null,
  ) {
    const download = new Download();
    download.episodeId = enclosure.episodeId;
    download.podcastId = enclosure.podcastId;
    download.ownerId = enclosure.ownerId;
    download.ipHash = await this.ipHasher.hash(request.ip, download.occurredAt);
    download.userAgent = request.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null;
    download.referrer = request.referrer?.slice(0, MAX_REFERRER_LENGTH) ?? null;
    download.rangeStart = rangeStart;
    await em.insert(download);
  }
}
