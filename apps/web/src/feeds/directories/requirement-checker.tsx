import {
  directoryMessages,
  REQUIREMENT_CHECKER_COMPACT_ITEMS,
  type DirectoryIssue,
} from '@castbase/contracts';
import { Anchor, Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AlertIcon, CheckIcon } from '../../shared/icons/icons.js';
import { fixTarget, focusFieldWhenShown } from './fix-target.js';

interface RequirementCheckerProps {
  podcastId: string;
  issues: DirectoryIssue[];
  warnings: DirectoryIssue[];
  /** The compact form shows REQUIREMENT_CHECKER_COMPACT_ITEMS items until '+N more' is clicked. */
  compact?: boolean;
}

/** Unmet requirements, then warnings, each with a link to where it is fixed (spec 2 §2). */
export function RequirementChecker({
  podcastId,
  issues,
  warnings,
  compact = false,
}: RequirementCheckerProps) {
  const [expanded, setExpanded] = useState(false);
  const items = [
    ...issues.map((issue) => ({ issue, warning: false })),
    ...warnings.map((issue) => ({ issue, warning: true })),
  ];
  const limit = compact && !expanded ? REQUIREMENT_CHECKER_COMPACT_ITEMS : items.length;
  const shown = items.slice(0, limit);
  const hidden = items.length - shown.length;

  return (
    <Stack gap="xs" component="section" aria-labelledby="directory-requirements-title">
      <Title order={3} fz="md" id="directory-requirements-title">
        {directoryMessages.checkerTitle}
      </Title>
      {issues.length === 0 && (
        <Group gap="xs">
          <ThemeIcon color="green" variant="light" size="sm" radius="xl" aria-hidden>
            <CheckIcon size={14} />
          </ThemeIcon>
          <Text size="sm">{directoryMessages.checkerAllMet}</Text>
        </Group>
      )}
      {shown.length > 0 && (
        <List spacing={6} size="sm" listStyleType="none" aria-label={directoryMessages.checkerTitle}>
          {shown.map(({ issue, warning }) => (
            <List.Item
              key={issue.message}
              icon={
                <ThemeIcon
                  color={warning ? 'yellow' : 'red'}
                  variant="light"
                  size="sm"
                  radius="xl"
                  aria-hidden
                >
                  <AlertIcon size={14} />
                </ThemeIcon>
              }
            >
              <Group gap="xs" wrap="wrap">
                <Text size="sm" span>
                  {warning && <Text span fw={600} size="sm">{`${directoryMessages.checkerWarning}: `}</Text>}
                  {issue.message}
                </Text>
                <FixLink podcastId={podcastId} issue={issue} />
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {compact && items.length > REQUIREMENT_CHECKER_COMPACT_ITEMS && (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setExpanded(!expanded)}>
          {expanded ? directoryMessages.fewerItems : directoryMessages.moreItems(hidden)}
        </Button>
      )}
    </Stack>
  );
}

function FixLink({ podcastId, issue }: { podcastId: string; issue: DirectoryIssue }) {
  const target = fixTarget(podcastId, issue.fix);
  const label = `${directoryMessages.fix}: ${issue.message}`;
  if (target.kind === 'external') {
    return (
      <Anchor
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        aria-label={`${directoryMessages.readGuidelines}: ${issue.message} ${directoryMessages.opensInNewTab}`}
      >
        {directoryMessages.readGuidelines}
      </Anchor>
    );
  }
  const { to, focusLabel } = target;
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      aria-label={label}
      onClick={() => {
        if (focusLabel) focusFieldWhenShown(focusLabel);
      }}
    >
      {directoryMessages.fix}
    </Anchor>
  );
}
