import { Paper, Stack, Switch, Title } from '@mantine/core';
import { IncludeInRssSwitch } from '../form/episode-settings-panel.js';
import type { EpisodeEditorState } from './use-episode-editor.js';

/** Include in RSS, explicit, enable video (when the media is a video) and block episode. */
export function EditorSwitchesCard({ editor, readOnly }: { editor: EpisodeEditorState; readOnly: boolean }) {
  const { values, change } = editor;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Feed settings
        </Title>
        <IncludeInRssSwitch
          checked={values.enableRss}
          readOnly={readOnly}
          onChange={(enableRss) => change({ enableRss })}
        />
        <Switch
          label="Explicit content"
          description="Off: rated Clean"
          checked={values.explicit}
          disabled={readOnly}
          onChange={(event) => change({ explicit: event.currentTarget.checked })}
        />
        {values.media?.kind === 'video' && (
          <Switch
            label="Enable video"
            description="Serve the video itself in the feed"
            checked={values.enableVideo}
            disabled={readOnly}
            onChange={(event) => change({ enableVideo: event.currentTarget.checked })}
          />
        )}
        <Switch
          label="Block episode"
          description="Asks podcast apps not to list this episode"
          checked={values.podcastBlock}
          disabled={readOnly}
          onChange={(event) => change({ podcastBlock: event.currentTarget.checked })}
        />
      </Stack>
    </Paper>
  );
}
