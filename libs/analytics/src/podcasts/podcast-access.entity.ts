import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Who may download a podcast's episodes, copied from the catalog when the podcast is created or changed: a private
 * podcast's enclosure URLs carry its token (`?token=`), and `/e/...` refuses a download without the current one. Only
 * a hash of the token is kept here.
 */
@Entity({ tableName: 'podcast_access' })
export class PodcastAccess {
  @PrimaryKey({ type: 'uuid' })
  podcastId!: string;

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'boolean' })
  private!: boolean;

  /** SHA-256 (hex) of the current private-feed token; null for a public podcast. */
  @Property({ type: 'text', nullable: true })
  tokenHash!: string | null;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
