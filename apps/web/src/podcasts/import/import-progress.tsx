import {
  FEED_IMPORT_POLL_MS,
  feedImportMessages,
  type FeedImportItem,
  type FeedImportStatus,
} from '@castbase/contracts';
import {
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Pagination,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { FailureBanner, SuccessBanner } from '../../shared/layout/feedback-banners.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { CopyField } from '../../public/copy-field.js';
import { fetchImport, formatBytes, importQueryKey, rerunImport } from './import-api.js';

const PAGE_SIZE = 50;

const STATUS_LABELS: Record<FeedImportItem['status'], { label: string; color: string }> = {
  copying: { label: 'Copying', color: 'blue' },
  ready: { label: 'Published', color: 'green' },
  failed: { label: 'Not copied', color: 'red' },
};

/** An import under way or done: the copies' progress, each episode, a re-run, and how to redirect the old feed. */
export function ImportProgress({ podcastId }: { podcastId: string }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: importQueryKey(podcastId),
    queryFn: ({ signal }) => fetchImport(api, podcastId, signal),
    refetchInterval: (query) => (query.state.data?.finished ? false : FEED_IMPORT_POLL_MS),
  });
  const [added, setAdded] = useState<string | null>(null);
  const rerun = useMutation({
    mutationFn: () => rerunImport(api, podcastId),
    onSuccess: (result) => {
      queryClient.setQueryData(importQueryKey(podcastId), result);
      setAdded(feedImportMessages.added(result.added));
    },
  });

  if (status.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading the import">
        <Loader />
      </Center>
    );
  }
  if (status.isError) {
    return (
      <Stack gap="sm" align="flex-start" maw={640}>
        <FailureBanner title="Failed to load the import" error={status.error} />
        <Button variant="default" loading={status.isFetching} onClick={() => void status.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }
  const current = status.data;
  return (
    <Stack gap="lg">
      <SuccessBanner message={added} onClose={() => setAdded(null)} />
      {rerun.isError && <FailureBanner title={feedImportMessages.rerunFailed} error={rerun.error} />}
      <Summary
        status={current}
        rerunning={rerun.isPending}
        onRerun={() => {
          setAdded(null);
          rerun.mutate();
        }}
      />
      <RedirectInstructions status={current} />
      <Episodes items={current.items} />
    </Stack>
  );
}

function Summary({
  status,
  rerunning,
  onRerun,
}: {
  status: FeedImportStatus;
  rerunning: boolean;
  onRerun: () => void;
}) {
  const ended = status.ready + status.failed;
  const percent = status.total === 0 ? 100 : Math.round((ended / status.total) * 100);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="import-summary"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} fz="h3" id="import-summary">
              {status.podcastName}
            </Title>
            <Text c="dimmed" size="sm">
              Imported from {status.feedUrl}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button variant="default" onClick={onRerun} loading={rerunning}>
              Import new episodes
            </Button>
            <Button component={Link} to={podcastPath(status.podcastId, 'dashboard')}>
              Go to podcast
            </Button>
          </Group>
        </Group>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={600} role="status" aria-live="polite">
              {status.finished
                ? `Done: ${status.ready} of ${status.total} episodes published`
                : `Copying episodes: ${ended} of ${status.total} done`}
            </Text>
            <Text size="sm" c="dimmed">
              {formatBytes(status.bytesDone)}
              {status.bytesTotal > 0 ? ` of ${formatBytes(status.bytesTotal)}` : ''}
            </Text>
          </Group>
          <Progress
            value={percent}
            size="lg"
            radius="xl"
            color={status.failed > 0 ? 'orange' : 'green'}
            aria-label="Episodes copied"
            animated={!status.finished}
          />
          {status.failed > 0 && (
            <Text size="sm" style={{ color: 'var(--mantine-color-red-text)' }}>
              {feedImportMessages.notCopied(status.failed)}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function RedirectInstructions({ status }: { status: FeedImportStatus }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="import-redirect"
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id="import-redirect">
          {feedImportMessages.redirectTitle}
        </Title>
        <CopyField label={feedImportMessages.newFeedUrlLabel} value={status.newFeedUrl} />
        <CopyField label={feedImportMessages.oldFeedUrlLabel} value={status.feedUrl} />
        <List type="ordered" spacing="xs" size="sm">
          {feedImportMessages.redirectSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          The tag for the old feed:{' '}
          <Text span ff="monospace" size="sm">
            {`<itunes:new-feed-url>${status.newFeedUrl}</itunes:new-feed-url>`}
          </Text>
        </Text>
      </Stack>
    </Paper>
  );
}

function Episodes({ items }: { items: FeedImportItem[] }) {
  const [page, setPage] = useState(1);
  // Problems first, then the copies under way, then the rest, each newest first.
  const order = { failed: 0, copying: 1, ready: 2 } as const;
  const sorted = [...items].sort((a, b) => order[a.status] - order[b.status]);
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const shown = sorted.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="import-episodes"
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id="import-episodes">
          Episodes
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Episode</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((item) => (
                <Table.Tr key={item.episodeId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {item.title}
                    </Text>
                    {item.error && (
                      <Text size="sm" style={{ color: 'var(--mantine-color-red-text)' }}>
                        {item.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {item.publishDate ? new Date(item.publishDate).toLocaleDateString() : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {item.bytesTotal
                        ? `${formatBytes(item.bytesDone)} of ${formatBytes(item.bytesTotal)}`
                        : formatBytes(item.bytesDone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_LABELS[item.status].color}>
                      {STATUS_LABELS[item.status].label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
          />
        )}
      </Stack>
    </Paper>
  );
}
