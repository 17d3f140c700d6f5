import {
  FEED_DIRECTORY_LABELS,
  feedScoreImpact,
  formatFeedBytes,
  PODCAST_INDEX_URL,
  RSS_ENCYCLOPEDIA_URL,
  rssWidgetMessages as text,
  SUBMISSION_GUIDE_REVIEW_TIMES,
  type FeedCompatibility,
  type FeedStatus,
  type FeedTestResult,
} from '@castbase/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  RingProgress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { CheckIcon, CloseIcon } from '../../shared/icons/icons.js';
import { CopyUrlButton } from './copy-url-button.js';
import { FindingsList } from './findings-list.js';
import { GeneratorCheckDetails } from './generator-check-details.js';
import { labelledFeedUrls } from './feed-variant-urls.js';
import type { RssWidgetDialog } from './rss-widget-dialog.js';

interface RssWidgetDialogsProps {
  dialog: RssWidgetDialog | null;
  onClose: () => void;
  lastTest: FeedTestResult | null;
  status: FeedStatus | null;
}

/** The widget's modals (spec 2 §2), mounted closed so focus goes back to the button that opened one. */
export function RssWidgetDialogs({ dialog, onClose, lastTest, status }: RssWidgetDialogsProps) {
  return (
    <>
      <Dialog
        opened={dialog === 'analysis' && lastTest !== null}
        onClose={onClose}
        title={text.analysis.title}
        size="lg"
      >
        {lastTest && <FeedAnalysis result={lastTest} />}
      </Dialog>
      <Dialog
        opened={dialog === 'generator-check' && Boolean(status?.validation)}
        onClose={onClose}
        title={text.generatorCheck.dialogTitle}
        size="lg"
      >
        {status?.validation && <GeneratorCheckDetails report={status.validation} />}
      </Dialog>
      <Dialog opened={dialog === 'submission-guide'} onClose={onClose} title={text.guide.title} size="lg">
        <SubmissionGuide />
      </Dialog>
      <Dialog opened={dialog === 'what-is-rss'} onClose={onClose} title={text.whatIsRss.title}>
        <Explanation
          paragraphs={text.whatIsRss.paragraphs}
          link={RSS_ENCYCLOPEDIA_URL}
          linkText={text.whatIsRss.learnMore}
        />
      </Dialog>
      <Dialog opened={dialog === 'podcasting20'} onClose={onClose} title={text.podcasting20Info.title}>
        <Explanation
          paragraphs={text.podcasting20Info.paragraphs}
          link={PODCAST_INDEX_URL}
          linkText={text.podcasting20Info.learnMore}
        />
      </Dialog>
      <Dialog
        opened={dialog === 'all-urls' && status !== null}
        onClose={onClose}
        title={text.allUrlsTitle}
        size="xl"
      >
        {status && <AllFeedUrls status={status} />}
      </Dialog>
    </>
  );
}

function Dialog({
  opened,
  onClose,
  title,
  size = 'md',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg" component="span">
          {title}
        </Text>
      }
      size={size}
      closeButtonProps={{ 'aria-label': text.buttons.close }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {text.buttons.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const scoreColor = (score: number) => (score >= 80 ? 'green' : score >= 50 ? 'yellow' : 'red');

function FeedAnalysis({ result }: { result: FeedTestResult }) {
  const a = text.analysis;
  const figures = [
    { label: a.episodes, value: String(result.episodeCount) },
    { label: a.size, value: formatFeedBytes(result.xmlSize) },
    { label: a.responseTime, value: `${result.responseTime} ms` },
    { label: a.httpStatus, value: result.httpStatus === null ? a.noAnswer : String(result.httpStatus) },
    {
      label: a.tested,
      value: new Date(result.lastTested).toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    },
  ];
  return (
    <Stack gap="md">
      <Text size="sm">{a.intro}</Text>
      <Group gap="lg" wrap="nowrap" align="center">
        <RingProgress
          size={120}
          thickness={12}
          roundCaps
          sections={[{ value: result.score, color: scoreColor(result.score) }]}
          label={
            <Text ta="center" fw={700} fz={22}>
              {result.score}
              <Text component="span" fz="sm" c="dimmed">
                /100
              </Text>
            </Text>
          }
          aria-label={`${a.score}: ${result.score}/100`}
          role="img"
        />
        <Stack gap={6}>
          <Text fw={600}>{feedScoreImpact(result.score)}</Text>
          <Group gap={6}>
            <Badge color={result.isValid ? 'green' : 'red'} variant="light">
              {result.isValid ? a.valid : a.invalid}
            </Badge>
            <Badge color={result.isAccessible ? 'green' : 'red'} variant="light">
              {result.isAccessible ? a.accessible : a.notAccessible}
            </Badge>
            <Badge color={result.isPodcasting20 ? 'blue' : 'gray'} variant="light">
              {result.isPodcasting20 ? a.podcasting20 : a.notPodcasting20}
            </Badge>
          </Group>
        </Stack>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
        {figures.map((figure) => (
          <div key={figure.label}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {figure.label}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {figure.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>

      <FindingsList title={a.errors} items={result.errors} color="red" empty={a.noErrors} />
      {result.warnings.length > 0 && (
        <FindingsList title={a.warnings} items={result.warnings} color="yellow" />
      )}
      {result.suggestions.length > 0 && (
        <FindingsList title={a.suggestions} items={result.suggestions} color="blue" />
      )}

      <Stack gap="xs">
        <Title order={3} fz="md">
          {a.compatibility}
        </Title>
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {(Object.keys(FEED_DIRECTORY_LABELS) as (keyof FeedCompatibility)[]).map((directory) => {
            const compatible = result.compatibility[directory];
            return (
              <Group key={directory} component="li" gap="xs" wrap="nowrap">
                <ThemeIcon color={compatible ? 'green' : 'red'} variant="light" size={24} radius="xl">
                  {compatible ? <CheckIcon size={16} /> : <CloseIcon size={16} />}
                </ThemeIcon>
                <Text size="sm">
                  {FEED_DIRECTORY_LABELS[directory]}:{' '}
                  <Text component="span" fw={600} size="sm">
                    {compatible ? a.compatible : a.notCompatible}
                  </Text>
                </Text>
              </Group>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

function SubmissionGuide() {
  const g = text.guide;
  return (
    <Stack gap="md">
      <Text size="sm">{g.intro}</Text>
      <Timeline
        active={g.steps.length - 1}
        bulletSize={26}
        lineWidth={2}
        component="ol"
        style={{ listStyle: 'none', paddingLeft: 0 }}
      >
        {g.steps.map((step, index) => (
          <Timeline.Item
            key={step.title}
            component="li"
            bullet={
              <Text fz="xs" fw={700} component="span">
                {index + 1}
              </Text>
            }
            title={
              <Text fw={600} component="span">
                {step.title}
              </Text>
            }
          >
            <Text size="sm">{step.body}</Text>
            {index === g.steps.length - 1 && (
              <Table mt="xs" withTableBorder striped>
                <Table.Tbody>
                  {SUBMISSION_GUIDE_REVIEW_TIMES.map((row) => (
                    <Table.Tr key={row.directory}>
                      <Table.Th scope="row">{row.directory}</Table.Th>
                      <Table.Td>{row.reviewTime}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

function Explanation({
  paragraphs,
  link,
  linkText,
}: {
  paragraphs: readonly string[];
  link: string;
  linkText: string;
}) {
  return (
    <Stack gap="sm">
      {paragraphs.map((paragraph) => (
        <Text key={paragraph} size="sm">
          {paragraph}
        </Text>
      ))}
      <Anchor href={link} target="_blank" rel="noopener" fw={500}>
        {linkText} {text.opensInNewTab}
      </Anchor>
    </Stack>
  );
}

function AllFeedUrls({ status }: { status: FeedStatus }) {
  return (
    <Stack gap="md">
      <Text size="sm">{text.allUrlsIntro}</Text>
      {status.private && (
        <Badge color="yellow" variant="light" size="lg" radius="sm" tt="none">
          {text.privateBadge}
        </Badge>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {labelledFeedUrls(status.urls).map((entry) => (
          <Stack key={entry.key} gap={4} component="li">
            <Text fw={600} size="sm">
              {entry.label}
            </Text>
            <Group gap="sm" wrap="nowrap" align="center">
              <Anchor
                href={entry.url}
                target="_blank"
                rel="noopener"
                size="sm"
                style={{ overflowWrap: 'anywhere', flex: 1 }}
              >
                {entry.url}
              </Anchor>
              <CopyUrlButton url={entry.url} what={entry.label} />
            </Group>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
