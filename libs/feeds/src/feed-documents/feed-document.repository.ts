import type { EntityManager } from '@mikro-orm/postgresql';
import type { FeedAddress, FeedDocument, FeedDocumentSummary } from './feed-document.js';

/**
 * The only place feed documents are read and written. An abstract class so it is its own Nest token;
 * the HTTP tests replace it with an in-memory one.
 */
export abstract class FeedDocumentRepository {
  /** The feed a public URL names, or null. */
  abstract findByAddress(address: FeedAddress): Promise<FeedDocument | null>;

  /** The current entity tag of a podcast's feed (cheap: no XML), or null when it has none. */
  abstract findEtag(podcastId: string): Promise<string | null>;

  /** A podcast's feed without its XML, or null. */
  abstract findSummary(podcastId: string): Promise<FeedDocumentSummary | null>;

  /** Inserts or replaces a podcast's feed in the caller's transaction. */
  abstract save(em: EntityManager, document: FeedDocument): Promise<void>;

  /** The podcasts of an owner that have a stored feed. */
  abstract findPodcastIdsOfOwner(em: EntityManager, ownerId: string): Promise<string[]>;

  /** Deletes the feeds of these podcasts in the caller's transaction; answers how many there were. */
  abstract delete(em: EntityManager, podcastIds: readonly string[]): Promise<number>;

  /**
   * Serialises regenerations of one podcast's feed until the caller's transaction ends, across replicas, so an
   * older rendering never overwrites a newer one.
   */
  abstract lockForRegeneration(em: EntityManager, podcastId: string): Promise<void>;
}
