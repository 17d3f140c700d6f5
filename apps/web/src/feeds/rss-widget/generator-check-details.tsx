import { rssWidgetMessages, type FeedValidationReport } from '@castbase/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { FindingsList } from './findings-list.js';
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
      <FindingsList
        title={text.errors}
        items={report.errors.map((issue) => issue.message)}
        color="red"
        empty={text.noErrors}
      />
      <FindingsList
        title={text.warnings}
        items={report.warnings.map((issue) => issue.message)}
        color="yellow"
        empty={text.noWarnings}
      />
    </Stack>
  );
}
