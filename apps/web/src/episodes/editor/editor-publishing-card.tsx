import { episodeMessages, type EpisodeStatus } from '@castbase/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EpisodeStatusBadge } from '../actions/episode-status-badge.js';
import { formatInTimeZone } from '../actions/schedule-time.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';
import { EpisodeStatusField, statusChange } from '../form/episode-settings-panel.js';
import { ScheduledDateField } from '../form/scheduled-date-field.js';
import type { EpisodeEditorState } from './use-episode-editor.js';

const statusLabels: Record<EpisodeStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

interface EditorPublishingCardProps {
  editor: EpisodeEditorState;
  readOnly: boolean;
  onPublish: () => void;
}

/** The right column's publishing card: status, publish date, Save and Publish. */
export function EditorPublishingCard({ editor, readOnly, onPublish }: EditorPublishingCardProps) {
  const timeZone = useCreatorTimeZone();
  const { loaded, values, errors } = editor;
  const stored = loaded?.status ?? 'draft';
  const publishDate = loaded?.publishDate ?? null;

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            Publishing
          </Title>
          <EpisodeStatusBadge status={stored} />
        </Group>
        <EpisodeStatusField
          status={values.status}
          labels={statusLabels}
          readOnly={readOnly}
          onChange={(status) => editor.change(statusChange(values, status, timeZone))}
        />
        {values.status === 'scheduled' && (
          <ScheduledDateField
            value={values.scheduledReleaseDate}
            error={errors.scheduledReleaseDate}
            readOnly={readOnly}
            onChange={(scheduledReleaseDate) => editor.change({ scheduledReleaseDate })}
          />
        )}
        {publishDate && (
          <Text size="sm" c="dimmed">
            Published {formatInTimeZone(publishDate, timeZone)}
          </Text>
        )}
        {errors.mediaId && (
          <Text size="sm" c="red" role="alert">
            {errors.mediaId}
          </Text>
        )}
        {!readOnly && (
          <Stack gap="xs">
            <Button onClick={() => editor.submit()} loading={editor.save.isPending} fullWidth>
              {loaded ? 'Save Changes' : 'Create Episode'}
            </Button>
            {stored !== 'published' && (
              <Button variant="light" color="green" onClick={onPublish} disabled={!values.media} fullWidth>
                Publish
              </Button>
            )}
            {stored !== 'published' && !values.media && (
              <Text size="sm" c="dimmed">
                {episodeMessages.mediaRequiredToPublish}
              </Text>
            )}
            <Text size="sm" c="dimmed" aria-live="polite">
              {editor.dirty ? 'Unsaved changes' : loaded ? 'All changes saved' : ''}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
