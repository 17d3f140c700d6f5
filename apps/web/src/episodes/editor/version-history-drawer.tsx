import type { EpisodeVersion } from '@castbase/contracts';
import { Alert, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { useAuth } from '../../shared/auth/auth-context.js';
import { episodeQueryKeys, episodesApi } from '../../shared/episodes/episodes-api.js';
import { contributorsQueryKey, podcastsApi } from '../../shared/podcasts/podcasts-api.js';
import { AlertIcon } from '../../shared/icons/icons.js';
import { ConfirmActionModal } from '../actions/confirm-action-modal.js';
import { EpisodeStatusBadge } from '../actions/episode-status-badge.js';
import { formatInTimeZone } from '../actions/schedule-time.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';
import type { EpisodeEditorState } from './use-episode-editor.js';

interface VersionHistoryDrawerProps {
  podcastId: string;
  episodeId: string;
  opened: boolean;
  onClose: () => void;
  editor: EpisodeEditorState;
  readOnly: boolean;
}

/** Every saved version of the episode, newest first; restoring one (confirmed) is itself a new version. */
export function VersionHistoryDrawer({
  podcastId,
  episodeId,
  opened,
  onClose,
  editor,
  readOnly,
}: VersionHistoryDrawerProps) {
  const api = useApiClient();
  const versions = useQuery({
    queryKey: episodeQueryKeys.versions(episodeId),
    queryFn: ({ signal }) => episodesApi.versions(api, episodeId, signal),
    enabled: opened,
  });
  const authors = useVersionAuthors(podcastId, opened);
  const [restoring, setRestoring] = useState<EpisodeVersion | null>(null);
  const newest = versions.data?.[0]?.versionNumber;

  return (
    <>
      <Drawer opened={opened} onClose={onClose} position="right" size="md" title="Version history">
        {versions.isPending ? (
          <Loader aria-label="Loading versions" />
        ) : versions.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />}>
            <Stack gap="sm">
              <Text size="sm">{errorMessageOf(versions.error)}</Text>
              <Button w="fit-content" variant="default" onClick={() => void versions.refetch()}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Versions">
            {versions.data.map((version) => (
              <VersionEntry
                key={version.id}
                version={version}
                author={authors(version.userId)}
                current={version.versionNumber === newest}
                {...(readOnly ? {} : { onRestore: () => setRestoring(version) })}
              />
            ))}
          </Stack>
        )}
      </Drawer>
      <ConfirmActionModal
        opened={restoring !== null}
        title={`Restore version ${restoring?.versionNumber ?? ''}`}
        message={
          <Text>
            The episode gets this version’s title, description, tags, numbers, media, artwork and status back,
            saved as a new version. {editor.dirty ? 'Your unsaved changes in the editor are replaced.' : ''}
          </Text>
        }
        confirmLabel="Restore"
        pending={editor.restore.isPending}
        error={editor.restore.isError ? errorMessageOf(editor.restore.error) : null}
        onConfirm={() => {
          if (!restoring) return;
          editor.restore.mutate(restoring, {
            onSuccess: () => {
              setRestoring(null);
              onClose();
            },
          });
        }}
        onClose={() => {
          setRestoring(null);
          editor.restore.reset();
        }}
      />
    </>
  );
}

/** Who saved a version: 'you', a contributor's name or e-mail, or someone no longer on the podcast. */
function useVersionAuthors(podcastId: string, enabled: boolean): (userId: string) => string {
  const api = useApiClient();
  const { user } = useAuth();
  const contributors = useQuery({
    queryKey: contributorsQueryKey(podcastId),
    queryFn: ({ signal }) => podcastsApi.contributors(api, podcastId, signal),
    enabled,
  });
  return (userId) => {
    if (userId === user?.id) return 'you';
    const contributor = contributors.data?.find((candidate) => candidate.userId === userId);
    return contributor ? (contributor.name ?? contributor.email) : 'a former contributor';
  };
}

function VersionEntry({
  version,
  author,
  current,
  onRestore,
}: {
  version: EpisodeVersion;
  author: string;
  current: boolean;
  onRestore?: () => void;
}) {
  const timeZone = useCreatorTimeZone();
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={`Version ${version.versionNumber}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={700}>Version {version.versionNumber}</Text>
            {current && (
              <Badge variant="light" radius="sm">
                Current
              </Badge>
            )}
          </Group>
          <EpisodeStatusBadge status={version.status} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {version.title}
        </Text>
        <Text size="sm" c="dimmed">
          Saved by {author} · {formatInTimeZone(version.createdAt, timeZone)}
        </Text>
        {onRestore && !current && (
          <Button variant="default" w="fit-content" onClick={onRestore}>
            Restore
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
