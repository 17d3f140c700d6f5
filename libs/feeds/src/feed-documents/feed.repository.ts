import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  FeedAddressMatch,
  FeedAddressOf,
  FeedPodcastRecord,
  FeedVariantRecord,
} from './feed-records.js';

/** A catalog change heard of: counted in the event's transaction, so needsUpdate holds from that commit. */
export interface HeardChange {
  podcastId: string;
  ownerId: string;
  changedAt: Date;
}

/** The podcast's address and access as the catalog has them now. */
export interface FeedPodcastAccess extends FeedAddressOf {
  ownerId: string;
  visibility: FeedPodcastRecord['visibility'];
  privateToken: string | null;
}

/** What a replica checks when its cached copy of a variant has aged: one small row, no bytes. */
export interface FeedServingCheck {
  etag: string | null;
  visibility: FeedPodcastRecord['visibility'];
  privateToken: string | null;
  username: string | null;
  slug: string | null;
}

/**
 * The only place the feeds tables are read and written. An abstract class so it is its own Nest token. Methods taking
 * an `em` work in the caller's transaction; the others read on their own (the serving path).
 */
export abstract class FeedRepository {
  /**
   * Serialises generations (and removals) of one podcast's feeds until the caller's transaction ends, across replicas,
   * so an older generation never overwrites a newer one.
   */
  abstract lockPodcast(em: EntityManager, podcastId: string): Promise<void>;
  abstract findPodcast(em: EntityManager, podcastId: string): Promise<FeedPodcastRecord | null>;
  abstract recordChange(em: EntityManager, change: HeardChange): Promise<void>;
  /**
   * Takes the catalog's current address and access. When the address changed, the old one is remembered as a
   * redirect to this podcast and any redirect from the new one is forgotten (the podcast took it back). Creates the
   * record when there is none.
   */
  abstract updateAccess(em: EntityManager, access: FeedPodcastAccess): Promise<void>;
  /** Remembers an address the podcast had (the catalog says so) as a redirect to it, unless it is its address now. */
  abstract rememberMovedAddress(
    em: EntityManager,
    podcastId: string,
    from: { username: string; slug: string },
  ): Promise<void>;
  abstract saveGeneration(
    em: EntityManager,
    podcastId: string,
    generation: Partial<
      Pick<
        FeedPodcastRecord,
        'feedEpisodeCount' | 'episodeCount' | 'sizeBytes' | 'generatedAt' | 'validation' | 'changesGenerated'
      >
    >,
  ): Promise<void>;
  abstract findVariants(em: EntityManager, podcastId: string): Promise<FeedVariantRecord[]>;
  abstract saveVariant(em: EntityManager, variant: FeedVariantRecord): Promise<void>;
  abstract deleteVariants(
    em: EntityManager,
    podcastId: string,
    variantKeys: readonly string[],
  ): Promise<void>;
  /** Whether any old address redirects to this podcast (its feeds then carry itunes:new-feed-url). */
  abstract hasMovedAddresses(em: EntityManager, podcastId: string): Promise<boolean>;
  abstract findPodcastIdsOfOwner(em: EntityManager, ownerId: string): Promise<string[]>;
  /** Deletes everything kept about these podcasts; answers how many podcasts had a record. */
  abstract deletePodcasts(em: EntityManager, podcastIds: readonly string[]): Promise<number>;
  /** Podcasts with a heard change that no committed generation includes yet (a pending or failed generation). */
  abstract findPodcastIdsNeedingUpdate(limit: number): Promise<string[]>;

  /** The podcast a feed URL names: live at that address first, else one that moved away from it. */
  abstract matchAddress(username: string, slugOrPodcastId: string): Promise<FeedAddressMatch | null>;
  abstract findVariant(podcastId: string, variantKey: string): Promise<FeedVariantRecord | null>;
  abstract findServingCheck(podcastId: string, variantKey: string): Promise<FeedServingCheck | null>;
  /** A podcast's record, read on its own (the status requests). */
  abstract readPodcast(podcastId: string): Promise<FeedPodcastRecord | null>;
  abstract readVariantKeys(podcastId: string): Promise<string[]>;
}
