import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import {
  DEFAULT_USER_SETTINGS,
  type NotificationSettings,
  type PrivacySettings,
  type ThemePreference,
  type UpdateSettingsInput,
  type UserSettings as UserSettingsDto,
} from '@castbase/contracts';

/** A creator's notification, privacy and appearance choices; a creator without a row has the defaults. */
@Entity({ tableName: 'user_settings' })
export class UserSettings {
  [OptionalProps]?: 'notifications' | 'privacy' | 'theme' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  userId!: string;

  @Property({ type: 'jsonb' })
  notifications: NotificationSettings = { ...DEFAULT_USER_SETTINGS.notifications };

  @Property({ type: 'jsonb' })
  privacy: PrivacySettings = { ...DEFAULT_USER_SETTINGS.privacy };

  @Property({ type: 'text' })
  theme: ThemePreference = DEFAULT_USER_SETTINGS.appearance.theme;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();

  /** Merges a partial save into each section: what the save leaves out keeps its value. */
  apply(input: UpdateSettingsInput): void {
    this.notifications = { ...this.current().notifications, ...input.notifications };
    this.privacy = { ...this.current().privacy, ...input.privacy };
    this.theme = input.appearance?.theme ?? this.theme;
    this.updatedAt = new Date();
  }

  toDto(): UserSettingsDto {
    return { ...this.current(), updatedAt: this.updatedAt.toISOString() };
  }

  /** The stored sections over the defaults, so a setting added after the row was written has its default. */
  private current(): Omit<UserSettingsDto, 'updatedAt'> {
    return {
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, ...this.notifications },
      privacy: { ...DEFAULT_USER_SETTINGS.privacy, ...this.privacy },
      appearance: { theme: this.theme },
    };
  }
}
