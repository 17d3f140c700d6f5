import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Episode as EpisodeDto, StoredEpisodeMedia } from '@castbase/contracts';
import type { ObjectStorage } from '@castbase/platform-storage';

@Entity({ tableName: 'episodes' })
/** The data export pages through an owner's episodes in this order. */
@Index({ name: 'episodes_owner_id_created_at_id_index', properties: ['ownerId', 'createdAt', 'id'] })
export class Episode {
  [OptionalProps]?:
    | 'id'
    | 'description'
    | 'status'
    | 'episodeType'
    | 'explicit'
    | 'seasonNumber'
    | 'episodeNumber'
    | 'guid'
    | 'media'
    | 'publishDate'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'uuid' })
  podcastId!: string;

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description = '';

  @Property({ type: 'text' })
  status: 'draft' | 'scheduled' | 'published' = 'draft';

  @Property({ type: 'text' })
  episodeType: 'full' | 'trailer' | 'bonus' = 'full';

  @Property({ type: 'boolean' })
  explicit = false;

  @Property({ type: 'integer', nullable: true })
  seasonNumber: number | null = null;

  @Property({ type: 'integer', nullable: true })
  episodeNumber: number | null = null;

  /** The item guid podcast apps key on: fixed at creation, never changes. */
  @Property({ type: 'text' })
  guid: string = randomUUID();

  @Property({ type: 'jsonb', nullable: true })
  media: StoredEpisodeMedia | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  publishDate: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** The episode as the bus answers it, with its media's URL made from the key by `storage`. */
  toDto(storage: Pick<ObjectStorage, 'publicUrl'>): EpisodeDto {
    return {
      id: this.id,
      podcastId: this.podcastId,
      ownerId: this.ownerId,
      title: this.title,
      description: this.description,
      status: this.status,
      episodeType: this.episodeType,
      explicit: this.explicit,
      seasonNumber: this.seasonNumber,
      episodeNumber: this.episodeNumber,
      guid: this.guid,
      media: this.media && { ...this.media, url: storage.publicUrl(this.media.storageKey) },
      publishDate: this.publishDate?.toISOString() ?? null,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
