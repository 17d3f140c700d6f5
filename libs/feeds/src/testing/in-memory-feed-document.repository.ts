import type { EntityManager } from '@mikro-orm/postgresql';
import {
  NO_USERNAME_SEGMENT,
  type FeedAddress,
  type FeedDocument,
  type FeedDocumentSummary,
} from '../feed-documents/feed-document.js';
import { FeedDocumentRepository } from '../feed-documents/feed-document.repository.js';

/** Feed documents in a Map, counting reads, for tests of what sits on top of the repository. */
export class InMemoryFeedDocumentRepository extends FeedDocumentRepository {
  readonly documents = new Map<string, FeedDocument>();
  readonly reads = { byAddress: 0, etag: 0, summary: 0 };

  put(document: FeedDocument): void {
    this.documents.set(document.podcastId, document);
  }

  async findByAddress({ username, slugOrPodcastId }: FeedAddress): Promise<FeedDocument | null> {
    this.reads.byAddress += 1;
    const id = slugOrPodcastId.toLowerCase();
    for (const document of this.documents.values()) {
      const named =
        document.username === username && (document.slug === slugOrPodcastId || document.podcastId === id);
      const anonymous =
        username === NO_USERNAME_SEGMENT && document.username === null && document.podcastId === id;
      if (named || anonymous) return document;
    }
    return null;
  }

  async findEtag(podcastId: string): Promise<string | null> {
    this.reads.etag += 1;
    return this.documents.get(podcastId)?.etag ?? null;
  }

  async findSummary(podcastId: string): Promise<FeedDocumentSummary | null> {
    this.reads.summary += 1;
    const document = this.documents.get(podcastId);
    if (!document) return null;
    const { xml: _xml, ...summary } = document;
    return summary;
  }

  async save(_em: EntityManager, document: FeedDocument): Promise<void> {
    this.put(document);
  }

  async findPodcastIdsOfOwner(_em: EntityManager, ownerId: string): Promise<string[]> {
    return [...this.documents.values()]
      .filter((document) => document.ownerId === ownerId)
      .map((document) => document.podcastId)
      .sort();
  }

  async delete(_em: EntityManager, podcastIds: readonly string[]): Promise<number> {
    return podcastIds.filter((podcastId) => this.documents.delete(podcastId)).length;
  }

  async lockForRegeneration(): Promise<void> {}
}
