import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import {
  DEFAULT_DISPLAY_NAME,
  type PublicCreator,
  type UserProfile as UserProfileDto,
} from '@castbase/contracts';
import type { ObjectStorage } from '@castbase/platform-storage';

/**
 * A creator's profile, keyed by the token subject. Usernames are unique whatever their case: the migration's
 * unique index `user_profiles_username_lower_unique` on lower(username) enforces it.
 */
@Entity({ tableName: 'user_profiles' })
export class UserProfile {
  [OptionalProps]?:
    | 'displayName'
    | 'bio'
    | 'avatarKey'
    | 'avatarMediaId'
    | 'timezone'
    | 'onboardingComplete'
    | 'rssFeedUrl'
    | 'rssFeedUrls'
    | 'rssGeneratedAt'
    | 'createdAt'
    | 'updatedAt';

  /** The identity provider's subject. */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  username!: string;

  @Property({ type: 'text' })
  displayName: string = DEFAULT_DISPLAY_NAME;

  @Property({ type: 'text' })
  firstName!: string;

  @Property({ type: 'text' })
  lastName!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  bio = '';

  /** The storage key of the picture (its URL is made when the profile is read, so it never goes stale). */
  @Property({ type: 'text', nullable: true })
  avatarKey: string | null = null;

  /** The media file behind avatarKey, removed through media when the avatar is replaced or removed. */
  @Property({ type: 'uuid', nullable: true })
  avatarMediaId: string | null = null;

  @Property({ type: 'text' })
  timezone = 'UTC';

  @Property({ type: 'boolean' })
  onboardingComplete = false;

  /** The most recently generated of the creator's feeds. */
  @Property({ type: 'text', nullable: true })
  rssFeedUrl: string | null = null;

  /** Every feed address generated for the creator, each once, oldest first. */
  @Property({ type: 'jsonb' })
  rssFeedUrls: string[] = [];

  @Property({ type: 'timestamptz', nullable: true })
  rssGeneratedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /**
   * Takes note of a generated feed. Events may arrive out of order: the address list grows either way, the
   * "latest" fields move only forward in time.
   */
  recordFeed(url: string, generatedAt: Date): void {
    if (!this.rssFeedUrls.includes(url)) this.rssFeedUrls = [...this.rssFeedUrls, url];
    if (!this.rssGeneratedAt || generatedAt.getTime() >= this.rssGeneratedAt.getTime()) {
      this.rssFeedUrl = url;
      this.rssGeneratedAt = generatedAt;
    }
  }

  /** The card the public pages show of a public profile: name, picture and bio, nothing else. */
  toPublicCreator(storage: Pick<ObjectStorage, 'publicUrl'>): PublicCreator {
    return {
      displayName: this.displayName,
      avatarUrl: this.pictureUrl(storage),
      bio: this.bio,
    };
  }

  /**
   * The profile as the bus answers it, with the picture's URL made from its key by `storage`; `emailOptIn` is the
   * marketing e-mails switch, kept with the settings (see profile-view.ts).
   */
  toDto(storage: Pick<ObjectStorage, 'publicUrl'>, emailOptIn: boolean): UserProfileDto {
    return {
      id: this.id,
      username: this.username,
      displayName: this.displayName,
      firstName: this.firstName,
      lastName: this.lastName,
      email: this.email,
      bio: this.bio,
      avatarUrl: this.pictureUrl(storage),
      avatarMediaId: this.avatarMediaId,
      timezone: this.timezone,
      emailOptIn,
      onboardingComplete: this.onboardingComplete,
      rssFeedUrl: this.rssFeedUrl,
      rssFeedUrls: this.rssFeedUrls,
      rssGeneratedAt: this.rssGeneratedAt?.toISOString() ?? null,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }

  private pictureUrl(storage: Pick<ObjectStorage, 'publicUrl'>): string | null {
    return this.avatarKey === null ? null : storage.publicUrl(this.avatarKey);
  }
}
