import { Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import {
  NO_USERNAME_SEGMENT,
  type FeedAddress,
  type FeedDocument,
  type FeedDocumentSummary,
} from './feed-document.js';
import { FeedDocumentEntity } from './feed-document.entity.js';
import { FeedDocumentRepository } from './feed-document.repository.js';

const SUMMARY_FIELDS = [
  'podcastId',
  'ownerId',
  'username',
  'slug',
  'visibility',
  'etag',
  'byteSize',
  'episodeCount',
  'generatedAt',
] as const;
const isUuid = (value: string) => z.uuid().safeParse(value).success;

@Injectable()
export class MikroOrmFeedDocumentRepository extends FeedDocumentRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async findByAddress({ username, slugOrPodcastId }: FeedAddress): Promise<FeedDocument | null> {
    const id = isUuid(slugOrPodcastId) ? slugOrPodcastId.toLowerCase() : undefined;
    const names: FilterQuery<FeedDocumentEntity>[] = [
      { slug: slugOrPodcastId },
      ...(id ? [{ podcastId: id }] : []),
    ];
    const addresses: FilterQuery<FeedDocumentEntity>[] = [{ username, $or: names }];
    // An owner without a username is addressed by podcast id only: slugs are unique per owner, not globally.
    if (username === NO_USERNAME_SEGMENT && id) addresses.push({ username: null, podcastId: id });
    const entity = await this.em
      .fork()
      .findOne(FeedDocumentEntity, { $or: addresses }, { orderBy: { podcastId: 'asc' } });
    return entity ? toDocument(entity) : null;
  }

  async findEtag(podcastId: string): Promise<string | null> {
    const entity = await this.em.fork().findOne(FeedDocumentEntity, { podcastId }, { fields: ['etag'] });
    return entity?.etag ?? null;
  }

  async findSummary(podcastId: string): Promise<FeedDocumentSummary | null> {
    const entity = await this.em
      .fork()
      .findOne(FeedDocumentEntity, { podcastId }, { fields: [...SUMMARY_FIELDS] });
    return entity ? toSummary(entity) : null;
  }

  async save(em: EntityManager, document: FeedDocument): Promise<void> {
    await em.upsert(FeedDocumentEntity, { ...document });
  }

  async findPodcastIdsOfOwner(em: EntityManager, ownerId: string): Promise<string[]> {
    const entities = await em.find(
      FeedDocumentEntity,
      { ownerId },
      { fields: ['podcastId'], orderBy: { podcastId: 'asc' } },
    );
    return entities.map((entity) => entity.podcastId);
  }

  async delete(em: EntityManager, podcastIds: readonly string[]): Promise<number> {
    if (podcastIds.length === 0) return 0;
    return em.nativeDelete(FeedDocumentEntity, { podcastId: { $in: [...podcastIds] } });
  }

  async lockForRegeneration(em: EntityManager, podcastId: string): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
      `feeds:feed-document:${podcastId}`,
    ]);
  }
}

function toSummary(entity: Pick<FeedDocumentEntity, (typeof SUMMARY_FIELDS)[number]>): FeedDocumentSummary {
  return {
    podcastId: entity.podcastId,
    ownerId: entity.ownerId,
    username: entity.username,
    slug: entity.slug,
    visibility: entity.visibility,
    etag: entity.etag,
    byteSize: entity.byteSize,
    episodeCount: entity.episodeCount,
    generatedAt: entity.generatedAt,
  };
}

function toDocument(entity: FeedDocumentEntity): FeedDocument {
  return { ...toSummary(entity), xml: entity.xml };
}
