import { AUDIO_BITRATES_KBPS, podcastMessages, type Podcast } from '@castbase/contracts';
import { Select, Stack, Switch } from '@mantine/core';
import { PrivateFeedToken } from './private-feed-token.js';
import type { SettingsFieldsProps } from './settings-field-props.js';

interface PodcastFeedFieldsProps extends SettingsFieldsProps {
  podcast: Podcast;
}

const SERVICE_DEFAULT_BITRATE = 'default';
const bitrateOptions = [
  { value: SERVICE_DEFAULT_BITRATE, label: "This server's default" },
  ...AUDIO_BITRATES_KBPS.map((kbps) => ({ value: String(kbps), label: `${kbps} kbps` })),
];

/** The feed's switches: private (visibility) with its token, episodic or serial, explicit; the MP3 bitrate. */
export function PodcastFeedFields({ podcast, values, change, errors }: PodcastFeedFieldsProps) {
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
      <Select
        label="MP3 bitrate"
        description="New episodes' audio is published as a constant-bitrate MP3 at this rate."
        data={bitrateOptions}
        value={values.audioBitrateKbps === null ? SERVICE_DEFAULT_BITRATE : String(values.audioBitrateKbps)}
        onChange={(value) =>
          change({ audioBitrateKbps: !value || value === SERVICE_DEFAULT_BITRATE ? null : Number(value) })
        }
        allowDeselect={false}
        error={errors.audioBitrateKbps}
        maw={320}
      />
    </Stack>
  );
}
