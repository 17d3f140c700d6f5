import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type {
  EpisodeStatus,
  EpisodeType,
  EpisodeVersion as EpisodeVersionDto,
  StoredEpisodeMedia,
  Transcript,
} from '@castbase/contracts';
import type { ObjectStorage } from '@castbase/platform-storage';

/**
 * One saved state of an episode (spec 2 §3 "Episode version"): the fields as they were after save number
 * `versionNumber`, and who saved it. Rows go with their episode (on delete cascade).
 */
@Entity({ tableName: 'episode_versions' })
@Unique({
  name: 'episode_versions_episode_id_version_number_unique',
  properties: ['episodeId', 'versionNumber'],
})
export class EpisodeVersion {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  episodeId!: string;

  @Property({ type: 'integer' })
  versionNumber!: number;

  /** Who saved it: the owner or a contributor. */
  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'jsonb' })
  tags!: string[];

  @Property({ type: 'text' })
  episodeType!: EpisodeType;

  @Property({ type: 'integer', nullable: true })
  seasonNumber!: number | null;

  @Property({ type: 'integer', nullable: true })
  episodeNumber!: number | null;

  @Property({ type: 'boolean' })
  explicit!: boolean;

  @Property({ type: 'jsonb', nullable: true })
  media!: StoredEpisodeMedia | null;

  @Property({ type: 'text', nullable: true })
  artworkKey!: string | null;

  @Property({ type: 'uuid', nullable: true })
  artworkMediaId!: string | null;

  @Property({ type: 'jsonb' })
  transcripts!: Transcript[];

  @Property({ type: 'boolean' })
  enableRss!: boolean;

  @Property({ type: 'text' })
  status!: EpisodeStatus;

  @Property({ type: 'timestamptz', nullable: true })
  publishDate!: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  scheduledReleaseDate!: Date | null;

  @Property({ type: 'text' })
  guid!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  toDto(storage: Pick<ObjectStorage, 'publicUrl'>): EpisodeVersionDto {
    return {
      id: this.id,
      episodeId: this.episodeId,
      versionNumber: this.versionNumber,
      userId: this.userId,
      title: this.title,
      description: this.description,
      tags: this.tags,
      episodeType: this.episodeType,
      seasonNumber: this.seasonNumber,
      episodeNumber: this.episodeNumber,
      explicit: this.explicit,
      media: this.media && { ...this.media, url: storage.publicUrl(this.media.storageKey) },
      artworkMediaId: this.artworkMediaId,
      artworkUrl: this.artworkKey === null ? null : storage.publicUrl(this.artworkKey),
      transcripts: this.transcripts,
      enableRss: this.enableRss,
      status: this.status,
      publishDate: this.publishDate?.toISOString() ?? null,
      scheduledReleaseDate: this.scheduledReleaseDate?.toISOString() ?? null,
      guid: this.guid,
      createdAt: this.createdAt.toISOString(),
    };
  }
}
