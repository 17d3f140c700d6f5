import {
  can,
  directoryMessages,
  directoryStatusLabels,
  directorySummary,
  episodeCountNotice,
  requirementCheckerItems,
  type DirectoryCheck,
} from '@castbase/contracts';
import { Alert, Button, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AlertIcon } from '../../shared/icons/icons.js';
import { FailureBanner, SuccessBanner } from '../../shared/layout/feedback-banners.js';
import { useSuccessBanner } from '../../shared/layout/use-success-banner.js';
import { usePodcast } from '../../shared/podcasts/use-podcast.js';
import { useDirectoryChecks, useRecordDirectoryStatus, useRecordSubmission } from './directories-api.js';
import { DirectoryCard } from './directory-card.js';
import { RecordAnswerDialog } from './record-answer-dialog.js';
import { RequirementChecker } from './requirement-checker.js';

/**
 * Directory readiness (spec 2 §2): summary counters, the episode-count notice, the requirement checker and one card
 * per directory. The RSS widget's Directories tab shows it.
 */
export function DirectoriesPanel({ podcastId }: { podcastId: string }) {
  const checks = useDirectoryChecks(podcastId);
  const podcast = usePodcast(podcastId);
  const canRecord = can(podcast.data?.role, 'editEpisodes');
  const submission = useRecordSubmission(podcastId);
  const answer = useRecordDirectoryStatus(podcastId);
  const banner = useSuccessBanner();
  const [answering, setAnswering] = useState<DirectoryCheck | null>(null);

  if (checks.isPending) {
    return (
      <Center py="xl" role="status" aria-label={directoryMessages.title}>
        <Loader />
      </Center>
    );
  }
  if (checks.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FailureBanner title={directoryMessages.loadFailed} error={checks.error} />
        <Button variant="default" onClick={() => void checks.refetch()}>
          {directoryMessages.retry}
        </Button>
      </Stack>
    );
  }

  const { items, publishedEpisodeCount } = checks.data;
  const summary = directorySummary(items);
  const notice = episodeCountNotice(publishedEpisodeCount);
  const { issues, warnings } = requirementCheckerItems(items);

  function submit(check: DirectoryCheck) {
    banner.dismiss();
    answer.reset();
    submission.mutate(check.id, {
      onSuccess: () => banner.show(directoryMessages.submissionRecorded(check.name)),
    });
  }

  return (
    <Stack gap="lg" component="section" aria-labelledby="directories-panel-title">
      <Stack gap={4}>
        <Title order={3} fz="lg" id="directories-panel-title">
          {directoryMessages.title}
        </Title>
        <Text size="sm" c="dimmed">
          {canRecord || podcast.isPending ? directoryMessages.subtitle : directoryMessages.viewOnlyHint}
        </Text>
      </Stack>
      <SuccessBanner message={banner.message} onClose={banner.dismiss} />
      {submission.isError && (
        <FailureBanner
          title={directoryMessages.submitFailed}
          error={submission.error}
          onClose={submission.reset}
        />
      )}
      <SimpleGrid cols={3} spacing="sm" aria-label={directoryMessages.summaryLabel} component="dl" m={0}>
        <Counter label={directoryMessages.approved} value={summary.approved} />
        <Counter label={directoryMessages.underReview} value={summary.underReview} />
        <Counter label={directoryMessages.readyToSubmit} value={summary.readyToSubmit} />
      </SimpleGrid>
      {notice && (
        <Alert
          color={notice.kind === 'approaching-limit' ? 'orange' : 'blue'}
          variant="light"
          title={notice.title}
          icon={<AlertIcon size={20} />}
        >
          {notice.message}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <RequirementChecker podcastId={podcastId} issues={issues} warnings={warnings} compact />
      </Paper>
      {/* By the panel's own width: it sits in a tab of the RSS widget, narrower than the window. */}
      <div style={{ containerType: 'inline-size' }}>
        <SimpleGrid type="container" cols={{ base: 1, '520px': 2, '1000px': 3 }} spacing="md">
          {items.map((check) => (
            <DirectoryCard
              key={check.id}
              podcastId={podcastId}
              check={check}
              canRecord={canRecord}
              submitting={submission.isPending && submission.variables === check.id}
              onSubmit={() => submit(check)}
              onRecordAnswer={() => {
                answer.reset();
                setAnswering(check);
              }}
            />
          ))}
        </SimpleGrid>
      </div>
      <RecordAnswerDialog
        check={answering}
        saving={answer.isPending}
        error={answer.error}
        onCancel={() => setAnswering(null)}
        onSave={(status) => {
          if (!answering) return;
          const directory = answering;
          answer.mutate(
            { directoryId: directory.id, status },
            {
              onSuccess: () => {
                setAnswering(null);
                banner.show(directoryMessages.answerSaved(directory.name, directoryStatusLabels[status]));
              },
            },
          );
        }}
      />
    </Stack>
  );
}

function Counter({ label, value }: { label: string; value: number }) {
  // The term comes first in a description list; the number is shown above it.
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      ta="center"
      style={{ display: 'flex', flexDirection: 'column-reverse' }}
    >
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fz="xl" fw={700} m={0}>
        {value}
      </Text>
    </Paper>
  );
}
