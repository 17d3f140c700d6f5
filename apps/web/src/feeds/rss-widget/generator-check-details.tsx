import { rssWidgetMessages, type FeedValidationIssue, type FeedValidationReport } from '@castbase/contracts';
import { Badge, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { AlertIcon } from '../../shared/icons/icons.js';
import { generatorScoreColor } from './generator-check.js';

const text = rssWidgetMessages.generatorCheck;

/** The Generator Check dialog's body: every error and warning of the generator's own report. */
export function GeneratorCheckDetails({ report }: { report: FeedValidationReport }) {
  return (
    <Stack gap="md">
      <Text size="sm">{text.dialogIntro}</Text>
      <Group gap="xs">
        <Badge size="lg" color={generatorScoreColor(report)} variant="light">
          {text.score(report.score)}
        </Badge>
        <Text size="sm">{text.summary(report.errors.length, report.warnings.length)}</Text>
      </Group>
      <Issues title={text.errors} issues={report.errors} color="red" empty={text.noErrors} />
      <Issues title={text.warnings} issues={report.warnings} color="yellow" empty={text.noWarnings} />
    </Stack>
  );
}

function Issues({
  title,
  issues,
  color,
  empty,
}: {
  title: string;
  issues: FeedValidationIssue[];
  color: string;
  empty: string;
}) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        {title} ({issues.length})
      </Title>
      {issues.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <List
          spacing={4}
          size="sm"
          icon={
            <ThemeIcon color={color} variant="light" size={20} radius="xl">
              <AlertIcon size={14} />
            </ThemeIcon>
          }
        >
          {issues.map((issue) => (
            <List.Item key={issue.code}>{issue.message}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
