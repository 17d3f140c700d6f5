import {
  directoryAction,
  directoryMessages,
  directoryStatusLabels,
  onlyMissingEpisode,
  type DirectoryCheck,
  type DirectoryId,
  type DirectoryStatus,
} from '@castbase/contracts';
import { Avatar, Badge, Button, Group, List, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';

/** Each directory's monogram colour: dark enough for white letters in both themes. */
const MONOGRAM_COLORS: Record<DirectoryId, string> = {
  'podcast-index': 'red.9',
  'apple-podcasts': 'grape.8',
  spotify: 'green.9',
  'amazon-music': 'cyan.9',
  'youtube-music': 'red.8',
};

const STATUS_COLORS: Record<DirectoryStatus, string> = {
  not_submitted: 'gray',
  pending_submission: 'gray',
  submitted: 'blue',
  under_review: 'blue',
  approved: 'green',
  rejected: 'red',
  delisted: 'orange',
};

interface DirectoryCardProps {
  podcastId: string;
  check: DirectoryCheck;
  /** Owners and editors record submissions and answers; viewers read. */
  canRecord: boolean;
  submitting: boolean;
  onSubmit: () => void;
  onRecordAnswer: () => void;
}

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** One directory: its readiness, its saved status and what can be done next (spec 2 §2 "Directory cards"). */
export function DirectoryCard({
  podcastId,
  check,
  canRecord,
  submitting,
  onSubmit,
  onRecordAnswer,
}: DirectoryCardProps) {
  const action = directoryAction(check);
  const titleId = `directory-${check.id}-title`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} h="100%">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar color={MONOGRAM_COLORS[check.id]} variant="filled" radius="md" aria-hidden>
              {check.icon}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} id={titleId} component="h4" m={0} fz="md">
                {check.name}
              </Text>
              <Text size="xs" c="dimmed">
                {directoryMessages.reviewTime(check.reviewTime)}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs">
            <ReadyBadge check={check} />
            <Badge
              color={STATUS_COLORS[check.status]}
              variant="light"
              aria-label={`${directoryMessages.status}: ${directoryStatusLabels[check.status]}`}
            >
              {directoryStatusLabels[check.status]}
            </Badge>
          </Group>
          {check.submittedAt && (
            <Text size="xs" c="dimmed">
              {directoryMessages.submittedOn(formatDate(check.submittedAt))}
            </Text>
          )}
          {check.lastChecked && check.status !== 'submitted' && (
            <Text size="xs" c="dimmed">
              {directoryMessages.lastChecked(formatDate(check.lastChecked))}
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <MainAction
            check={check}
            action={action}
            canRecord={canRecord}
            submitting={submitting}
            onSubmit={onSubmit}
          />
          {canRecord && onlyMissingEpisode(check) && (
            <Button
              component={Link}
              to={podcastPath(podcastId, 'upload')}
              variant="light"
              size="sm"
              fullWidth
            >
              {directoryMessages.uploadEpisode}
            </Button>
          )}
          <Group gap="xs" grow>
            <Button
              component={Link}
              to={podcastPath(podcastId, 'settings/podcast')}
              variant="default"
              size="xs"
            >
              {directoryMessages.goToSettings}
            </Button>
            {canRecord && (
              <Button
                variant="default"
                size="xs"
                onClick={onRecordAnswer}
                aria-label={`${directoryMessages.recordAnswer}: ${check.name}`}
              >
                {directoryMessages.recordAnswer}
              </Button>
            )}
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}

function ReadyBadge({ check }: { check: DirectoryCheck }) {
  if (check.ready) {
    return (
      <Badge color="green" variant="filled">
        {directoryMessages.ready}
      </Badge>
    );
  }
  const count = directoryMessages.issueCount(check.issues.length);
  return (
    <Tooltip
      multiline
      w={260}
      withArrow
      label={
        <List size="xs" spacing={2}>
          {check.issues.map((issue) => (
            <List.Item key={issue.message}>{issue.message}</List.Item>
          ))}
        </List>
      }
    >
      <Badge
        color="red"
        variant="light"
        tabIndex={0}
        aria-label={`${count}: ${check.issues.map((issue) => issue.message).join('; ')}`}
      >
        {count}
      </Badge>
    </Tooltip>
  );
}

interface MainActionProps {
  check: DirectoryCheck;
  action: ReturnType<typeof directoryAction>;
  canRecord: boolean;
  submitting: boolean;
  onSubmit: () => void;
}

/** 'Submit →' opens the submission site in a new tab and records the submission; otherwise a disabled state. */
function MainAction({ check, action, canRecord, submitting, onSubmit }: MainActionProps) {
  if (action === 'approved') {
    return (
      <Button color="green" disabled fullWidth>
        {directoryMessages.approvedButton}
      </Button>
    );
  }
  if (action === 'not-ready' || !canRecord) {
    return (
      <Button disabled fullWidth>
        {action === 'not-ready' ? directoryMessages.notReady : directoryMessages.submit}
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={check.submitUrl}
      target="_blank"
      rel="noopener noreferrer"
      fullWidth
      loading={submitting}
      aria-label={`${directoryMessages.submit} ${check.name} ${directoryMessages.opensInNewTab}`}
      onClick={onSubmit}
    >
      {directoryMessages.submit}
    </Button>
  );
}
