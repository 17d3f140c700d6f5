import { podcastMessages, type Podcast } from '@castbase/contracts';
import { Stack, Switch } from '@mantine/core';
import { PrivateFeedToken } from './private-feed-token.js';
import type { SettingsFieldsProps } from './settings-field-props.js';

interface PodcastFeedFieldsProps extends SettingsFieldsProps {
  podcast: Podcast;
}

/** The feed's switches: private (visibility) with its token, episodic or serial, explicit. */
export function PodcastFeedFields({ podcast, values, change }: PodcastFeedFieldsProps) {
  return (
    <Stack gap="lg">
      <Switch
        size="md"
        label="Private feed"
        description={podcastMessages.privateFeedHint}
        checked={values.visibility === 'private'}
        onChange={(event) => change({ visibility: event.currentTarget.checked ? 'private' : 'public' })}
      />
      {values.visibility === 'private' && <PrivateFeedToken podcast={podcast} />}
      <Switch
        size="md"
        label="Serial podcast"
        description="On: episodes are meant to be heard in order, oldest first. Off: episodic, newest first."
        checked={values.type === 'serial'}
        onChange={(event) => change({ type: event.currentTarget.checked ? 'serial' : 'episodic' })}
      />
      <Switch
        size="md"
        label="Explicit content"
        description="Directories mark the podcast as explicit. Off: clean."
        checked={values.explicit}
        onChange={(event) => change({ explicit: event.currentTarget.checked })}
      />
    </Stack>
  );
}
