import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { FeedPodcastEntity } from './feed-podcast.entity.js';
import { FeedRedirectEntity } from './feed-redirect.entity.js';
import {
  NO_USERNAME_SEGMENT,
  type FeedAddressMatch,
  type FeedPodcastRecord,
  type FeedVariantRecord,
} from './feed-records.js';
import { FeedVariantEntity } from './feed-variant.entity.js';
import {
  FeedRepository,
  type FeedPodcastAccess,
  type FeedServingCheck,
  type HeardChange,
} from './feed.repository.js';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

@Injectable()
export class MikroOrmFeedRepository extends FeedRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async lockPodcast(em: EntityManager, podcastId: string): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`feeds:podcast:${podcastId}`]);
  }

  async findPodcast(em: EntityManager, podcastId: string): Promise<FeedPodcastRecord | null> {
    const entity = await em.findOne(FeedPodcastEntity, { podcastId }, { disableIdentityMap: true });
    return entity ? toPodcastRecord(entity) : null;
  }

  async recordChange(em: EntityManager, { podcastId, ownerId, changedAt }: HeardChange): Promise<void> {
    await em.execute(
      `insert into feeds.feed_podcasts (podcast_id, owner_id, changes_heard, changed_at) values (?, ?, 1, ?)
       on conflict (podcast_id) do update set changes_heard = feed_podcasts.changes_heard + 1,
         changed_at = greatest(feed_podcasts.changed_at, excluded.changed_at)`,
      [podcastId, ownerId, changedAt],
    );
  }

  async updateAccess(em: EntityManager, access: FeedPodcastAccess): Promise<void> {
    const before = await em.findOne(
      FeedPodcastEntity,
      { podcastId: access.podcastId },
      { disableIdentityMap: true },
    );
    const moved =
      before?.username != null &&
      before.slug !== null &&
      (before.username !== access.username || before.slug !== access.slug);
    if (moved && before.username !== null && before.slug !== null) {
      await em.upsert(FeedRedirectEntity, {
        username: before.username,
        slug: before.slug,
        podcastId: access.podcastId,
        movedAt: new Date(),
      });
    }
    if (access.username !== null) {
      await em.nativeDelete(FeedRedirectEntity, { username: access.username, slug: access.slug });
    }
    await em.execute(
      `insert into feeds.feed_podcasts (podcast_id, owner_id, username, slug, visibility, private_token, changed_at)
       values (?, ?, ?, ?, ?, ?, now())
       on conflict (podcast_id) do update set owner_id = excluded.owner_id, username = excluded.username,
         slug = excluded.slug, visibility = excluded.visibility, private_token = excluded.private_token`,
      [
        access.podcastId,
        access.ownerId,
        access.username,
        access.slug,
        access.visibility,
        access.privateToken,
      ],
    );
  }

  async rememberMovedAddress(
    em: EntityManager,
    podcastId: string,
    from: { username: string; slug: string },
  ): Promise<void> {
    const current = await em.findOne(FeedPodcastEntity, { podcastId }, { disableIdentityMap: true });
    if (current?.username === from.username && current.slug === from.slug) return;
    await em.upsert(FeedRedirectEntity, { ...from, podcastId, movedAt: new Date() });
  }

  async saveGeneration(
    em: EntityManager,
    podcastId: string,
    generation: Partial<
      Pick<
        FeedPodcastRecord,
        'feedEpisodeCount' | 'episodeCount' | 'sizeBytes' | 'generatedAt' | 'validation' | 'changesGenerated'
      >
    >,
  ): Promise<void> {
    await em.nativeUpdate(FeedPodcastEntity, { podcastId }, { ...generation });
  }

  async findVariants(em: EntityManager, podcastId: string): Promise<FeedVariantRecord[]> {
    const entities = await em.find(FeedVariantEntity, { podcastId }, { disableIdentityMap: true });
    return entities.map(toVariantRecord);
  }

  async saveVariant(em: EntityManager, variant: FeedVariantRecord): Promise<void> {
    await em.upsert(FeedVariantEntity, { ...variant });
  }

  async deleteVariants(em: EntityManager, podcastId: string, variantKeys: readonly string[]): Promise<void> {
    if (variantKeys.length === 0) return;
    await em.nativeDelete(FeedVariantEntity, { podcastId, variantKey: { $in: [...variantKeys] } });
  }

  async hasMovedAddresses(em: EntityManager, podcastId: string): Promise<boolean> {
    return (await em.count(FeedRedirectEntity, { podcastId })) > 0;
  }

  async findPodcastIdsOfOwner(em: EntityManager, ownerId: string): Promise<string[]> {
    const entities = await em.find(
      FeedPodcastEntity,
      { ownerId },
      { fields: ['podcastId'], orderBy: { podcastId: 'asc' }, disableIdentityMap: true },
    );
    return entities.map((entity) => entity.podcastId);
  }

  async deletePodcasts(em: EntityManager, podcastIds: readonly string[]): Promise<number> {
    if (podcastIds.length === 0) return 0;
    const podcastId = { $in: [...podcastIds] };
    await em.nativeDelete(FeedVariantEntity, { podcastId });
    await em.nativeDelete(FeedRedirectEntity, { podcastId });
    return em.nativeDelete(FeedPodcastEntity, { podcastId });
  }

  async findPodcastIdsNeedingUpdate(limit: number): Promise<string[]> {
    const rows = await this.em
      .fork()
      .execute<{ podcast_id: string }[]>(
        'select podcast_id from feeds.feed_podcasts where changes_heard > changes_generated order by changed_at limit ?',
        [limit],
      );
    return rows.map((row) => row.podcast_id);
  }

  async matchAddress(username: string, slugOrPodcastId: string): Promise<FeedAddressMatch | null> {
    const em = this.em.fork();
    const options = { disableIdentityMap: true, orderBy: { podcastId: 'asc' as const } };
    if (isUuid(slugOrPodcastId)) {
      const podcast = await em.findOne(
        FeedPodcastEntity,
        { podcastId: slugOrPodcastId.toLowerCase() },
        options,
      );
      if (podcast?.slug != null) {
        const live = username === (podcast.username ?? NO_USERNAME_SEGMENT);
        if (live) return { kind: 'live', podcast: toPodcastRecord(podcast) };
        // An owner who took a username, or one whose username changed: the id addresses they had move with them.
        const movedFromHere =
          username === NO_USERNAME_SEGMENT ||
          (await em.count(FeedRedirectEntity, { username, podcastId: podcast.podcastId })) > 0;
        if (movedFromHere) return { kind: 'moved', podcast: toPodcastRecord(podcast) };
      }
    }
    // Under `podcast` only ids address a feed: slugs are unique per owner, not across owners.
    if (username === NO_USERNAME_SEGMENT) return null;
    const live = await em.findOne(FeedPodcastEntity, { username, slug: slugOrPodcastId }, options);
    if (live) return { kind: 'live', podcast: toPodcastRecord(live) };
    const redirect = await em.findOne(FeedRedirectEntity, { username, slug: slugOrPodcastId });
    if (!redirect) return null;
    const moved = await em.findOne(FeedPodcastEntity, { podcastId: redirect.podcastId }, options);
    return moved?.slug != null ? { kind: 'moved', podcast: toPodcastRecord(moved) } : null;
  }

  async findVariant(podcastId: string, variantKey: string): Promise<FeedVariantRecord | null> {
    const entity = await this.em
      .fork()
      .findOne(FeedVariantEntity, { podcastId, variantKey }, { disableIdentityMap: true });
    return entity ? toVariantRecord(entity) : null;
  }

  async findServingCheck(podcastId: string, variantKey: string): Promise<FeedServingCheck | null> {
    const [row] = await this.em.fork().execute<
      {
        etag: string | null;
        visibility: FeedServingCheck['visibility'];
        private_token: string | null;
        username: string | null;
        slug: string | null;
      }[]
    >(
      `select v.etag, p.visibility, p.private_token, p.username, p.slug from feeds.feed_podcasts p
       left join feeds.feed_variants v on v.podcast_id = p.podcast_id and v.variant_key = ?
       where p.podcast_id = ?`,
      [variantKey, podcastId],
    );
    if (!row) return null;
    return {
      etag: row.etag,
      visibility: row.visibility,
      privateToken: row.private_token,
      username: row.username,
      slug: row.slug,
    };
  }

  async readPodcast(podcastId: string): Promise<FeedPodcastRecord | null> {
    return this.findPodcast(this.em.fork(), podcastId);
  }

  async readVariantKeys(podcastId: string): Promise<string[]> {
    const entities = await this.em
      .fork()
      .find(FeedVariantEntity, { podcastId }, { fields: ['variantKey'], disableIdentityMap: true });
    return entities.map((entity) => entity.variantKey);
  }
}

function toPodcastRecord(entity: FeedPodcastEntity): FeedPodcastRecord {
  return {
    podcastId: entity.podcastId,
    ownerId: entity.ownerId,
    username: entity.username,
    slug: entity.slug,
    visibility: entity.visibility,
    privateToken: entity.privateToken,
    feedEpisodeCount: entity.feedEpisodeCount,
    episodeCount: entity.episodeCount,
    sizeBytes: Number(entity.sizeBytes),
    generatedAt: entity.generatedAt,
    validation: entity.validation,
    changesHeard: Number(entity.changesHeard),
    changesGenerated: Number(entity.changesGenerated),
    changedAt: entity.changedAt,
  };
}

function toVariantRecord(entity: FeedVariantEntity): FeedVariantRecord {
  return {
    podcastId: entity.podcastId,
    variantKey: entity.variantKey,
    etag: entity.etag,
    byteSize: entity.byteSize,
    gzipSize: entity.gzipSize,
    brotliSize: entity.brotliSize,
    itemCount: entity.itemCount,
    generatedAt: entity.generatedAt,
  };
}
