import {
  can,
  feedGenerationButton,
  feedScoreImpact,
  formatFeedBytes,
  readinessChecklist,
  rssWidgetBanner,
  rssWidgetMessages as text,
  type FeedStatus,
  type FeedTestResult,
  type RssWidgetBanner,
} from '@castbase/contracts';
import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AlertIcon, BroadcastIcon, CheckIcon, CloseIcon, UploadIcon } from '../../shared/icons/icons.js';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { usePodcast } from '../../shared/podcasts/use-podcast.js';
import { GeneratorCheck } from './generator-check.js';
import { useGenerateFeed, useRunFeedTest } from './rss-feed-api.js';
import type { RssWidgetDialog } from './rss-widget-dialog.js';
import { useGenerationProgress } from './use-generation-progress.js';

interface RssStatusTabProps {
  podcastId: string;
  status: UseQueryResult<FeedStatus | null>;
  lastTest: FeedTestResult | null;
  onOpen: (dialog: RssWidgetDialog) => void;
}

const bannerColor: Record<RssWidgetBanner, string> = {
  generating: 'blue',
  testing: 'blue',
  needsUpdate: 'yellow',
  notGenerated: 'gray',
  validActive: 'green',
  hasIssues: 'orange',
};

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The Status tab: the banner, the generation progress, what is missing, the figures and the actions. */
export function RssStatusTab({ podcastId, status, lastTest, onOpen }: RssStatusTabProps) {
  const podcast = usePodcast(podcastId);
  const canManage = can(podcast.data?.role, 'manage');
  const canUpload = can(podcast.data?.role, 'editEpisodes');
  const generate = useGenerateFeed(podcastId);
  const test = useRunFeedTest(podcastId);
  const progress = useGenerationProgress();

  if (status.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FailureBanner title={text.statusFailed} error={status.error} />
        <Button variant="default" onClick={() => void status.refetch()}>
          {text.buttons.retry}
        </Button>
      </Stack>
    );
  }
  if (status.isPending) {
    return (
      <Text c="dimmed" role="status">
        {text.loading}
      </Text>
    );
  }

  const feed = status.data;
  const banner = rssWidgetBanner({
    generating: progress.active,
    testing: test.isPending,
    status: feed,
    lastTest,
  });
  const generationButton = feedGenerationButton(feed);
  const runGenerate = () => void progress.track(() => generate.mutateAsync()).catch(() => undefined);
  const runTest = () =>
    void test.mutateAsync().then(
      () => onOpen('analysis'),
      () => undefined,
    );
  const checklist = podcast.data ? readinessChecklist(podcast.data, Boolean(feed?.url)) : [];
  const unmet = checklist.filter((item) => !item.done && item.fix.kind === 'settings');

  return (
    <Stack gap="md">
      <Alert
        color={bannerColor[banner]}
        variant="light"
        role="status"
        title={banner === 'hasIssues' ? text.banners.hasIssues(lastTest?.score ?? 0) : text.banners[banner]}
        icon={banner === 'validActive' ? <CheckIcon size={20} /> : <BroadcastIcon size={20} />}
      >
        <Stack gap="xs">
          <Text size="sm">{text.bannerDetails[banner]}</Text>
          {banner === 'hasIssues' && lastTest && <Text size="sm">{feedScoreImpact(lastTest.score)}</Text>}
          {progress.value > 0 && (
            <Progress
              value={progress.value}
              aria-label={text.progressLabel}
              size="lg"
              radius="xl"
              animated={progress.value < 100}
            />
          )}
        </Stack>
      </Alert>

      {generate.isError && !progress.active && (
        <RetryFailure title={text.generateFailed} error={generate.error} onRetry={runGenerate} />
      )}
      {test.isError && <RetryFailure title={text.testFailed} error={test.error} onRetry={runTest} />}

      {unmet.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Group gap="xs">
              <ThemeIcon color="yellow" variant="light" radius="xl">
                <AlertIcon size={18} />
              </ThemeIcon>
              <Title order={3} fz="md">
                {text.notReady.title}
              </Title>
            </Group>
            <Text size="sm">{text.notReady.body}</Text>
            <List spacing={4} size="sm">
              {checklist
                .filter((item) => item.fix.kind === 'settings')
                .map((item) => (
                  <List.Item
                    key={item.message}
                    icon={
                      <ThemeIcon color={item.done ? 'green' : 'gray'} variant="light" size={20} radius="xl">
                        {item.done ? <CheckIcon size={14} /> : <CloseIcon size={14} />}
                      </ThemeIcon>
                    }
                  >
                    <VisuallyHidden>{item.done ? text.checklistDone : text.checklistToDo}: </VisuallyHidden>
                    {item.message}
                  </List.Item>
                ))}
            </List>
            <Group>
              <Button component={Link} to={podcastPath(podcastId, 'settings/podcast')} variant="light">
                {text.buttons.goToSettings}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {feed && feed.feedEpisodeCount === 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={3} fz="md">
              {text.firstEpisode.title}
            </Title>
            <Text size="sm">{text.firstEpisode.body}</Text>
            {canUpload && (
              <Group>
                <Button
                  component={Link}
                  to={podcastPath(podcastId, 'upload')}
                  leftSection={<UploadIcon size={18} />}
                >
                  {text.buttons.uploadFirstEpisode}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}

      {feed && <FeedFacts feed={feed} lastTest={lastTest} />}
      {feed && <GeneratorCheck report={feed.validation} onOpen={onOpen} />}

      <Group gap="sm">
        {canManage ? (
          <Button onClick={runGenerate} loading={progress.active} disabled={test.isPending}>
            {text.buttons[generationButton]}
          </Button>
        ) : (
          !feed && <Text size="sm">{text.viewerCannotGenerate}</Text>
        )}
        <Button
          variant="default"
          onClick={runTest}
          loading={test.isPending}
          disabled={!feed || progress.active}
        >
          {text.buttons.test}
        </Button>
        {lastTest && (
          <Button
            variant="default"
            aria-label={text.analysis.viewDetailsLabel}
            onClick={() => onOpen('analysis')}
          >
            {text.buttons.viewDetails}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function RetryFailure({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Stack gap="xs" align="flex-start">
      <FailureBanner title={title} error={error} />
      <Button variant="default" onClick={onRetry}>
        {text.buttons.retry}
      </Button>
    </Stack>
  );
}

function FeedFacts({ feed, lastTest }: { feed: FeedStatus; lastTest: FeedTestResult | null }) {
  const facts: { label: string; value: string }[] = [
    { label: text.facts.episodes, value: String(feed.episodeCount) },
    { label: text.facts.published, value: String(feed.feedEpisodeCount) },
    { label: text.facts.lastGenerated, value: formatDate(feed.generatedAt) },
    { label: text.facts.size, value: formatFeedBytes(feed.sizeBytes) },
    { label: text.facts.lastTested, value: lastTest ? formatDate(lastTest.lastTested) : text.facts.never },
    { label: text.facts.score, value: lastTest ? `${lastTest.score}/100` : '—' },
  ];
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
        {facts.map((fact) => (
          <div key={fact.label}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {fact.label}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {fact.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {feed.sizeProblem && (
        <Alert
          color={feed.sizeProblem === 'error' ? 'red' : 'yellow'}
          variant="light"
          icon={<AlertIcon size={18} />}
        >
          {feed.sizeProblem === 'error' ? text.sizeError : text.sizeWarning}
        </Alert>
      )}
      {!lastTest && (
        <Text size="sm" c="dimmed">
          {text.noTestYet}
        </Text>
      )}
    </Stack>
  );
}
