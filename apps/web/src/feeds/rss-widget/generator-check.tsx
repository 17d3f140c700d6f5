import { rssWidgetMessages, type FeedValidationReport } from '@castbase/contracts';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { RssWidgetDialog } from './rss-widget-dialog.js';

const text = rssWidgetMessages.generatorCheck;

export const generatorScoreColor = (report: FeedValidationReport) =>
  report.errors.length > 0 ? 'red' : report.warnings.length > 0 ? 'yellow' : 'green';

/**
 * The Status tab's Generator check line: the score, errors and warnings of the report the feeds service made while
 * writing the feed (spec 2 §5 "Feed generator validation"), with View Details for its list. Not the feed test.
 */
export function GeneratorCheck({
  report,
  onOpen,
}: {
  report: FeedValidationReport | null;
  onOpen: (dialog: RssWidgetDialog) => void;
}) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={3} fz="md" id={titleId}>
              {text.title}
            </Title>
            {report && (
              <Badge color={generatorScoreColor(report)} variant="light">
                {text.score(report.score)}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {!report
              ? text.pending
              : report.errors.length + report.warnings.length === 0
                ? text.passed
                : text.summary(report.errors.length, report.warnings.length)}
          </Text>
          <Text size="xs" c="dimmed">
            {text.hint}
          </Text>
        </Stack>
        {report && (
          <Button
            variant="default"
            aria-label={text.viewDetailsLabel}
            onClick={() => onOpen('generator-check')}
          >
            {rssWidgetMessages.buttons.viewDetails}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
