import type { PodcastSettingsErrors, PodcastSettingsValues } from './podcast-settings-values.js';
import type { UpdateSettings } from './use-podcast-settings-form.js';

/** What every group of fields on the Podcast tab is given. */
export interface SettingsFieldsProps {
  values: PodcastSettingsValues;
  change: UpdateSettings;
  errors: PodcastSettingsErrors;
}
