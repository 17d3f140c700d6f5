import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Podcast as PodcastDto } from '@castbase/contracts';

@Entity({ tableName: 'podcasts' })
@Unique({ properties: ['ownerId', 'slug'] })
export class Podcast {
  [OptionalProps]?:
    | 'id'
    | 'ownerUsername'
    | 'description'
    | 'language'
    | 'category'
    | 'author'
    | 'explicit'
    | 'type'
    | 'visibility'
    | 'artworkUrl'
    | 'podcastGuid'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'text', nullable: true })
  ownerUsername: string | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  slug!: string;

  @Property({ type: 'text' })
  description = '';

  @Property({ type: 'text' })
  language = 'en';

  @Property({ type: 'text' })
  category = 'Technology';

  @Property({ type: 'text' })
  author = '';

  @Property({ type: 'boolean' })
  explicit = false;

  @Property({ type: 'text' })
  type: 'episodic' | 'serial' = 'episodic';

  @Property({ type: 'text' })
  visibility: 'public' | 'private' = 'public';

  @Property({ type: 'text', nullable: true })
  artworkUrl: string | null = null;

  /** Podcasting 2.0 podcast:guid, fixed at creation. */
  @Property({ type: 'uuid' })
  podcastGuid: string = randomUUID();

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  toDto(): PodcastDto {
    return {
      id: this.id,
      ownerId: this.ownerId,
      ownerUsername: this.ownerUsername,
      name: this.name,
      slug: this.slug,
      description: this.description,
      language: this.language,
      category: this.category,
      author: this.author,
      explicit: this.explicit,
      type: this.type,
      visibility: this.visibility,
      artworkUrl: this.artworkUrl,
      podcastGuid: this.podcastGuid,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
