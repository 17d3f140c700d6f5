import {
  EXPORT_GROUPINGS,
  EXPORT_METRICS,
  exportGroupingLabels,
  exportMessages,
  exportMetricLabels,
  type ExportMetric,
} from '@castbase/contracts';
import { Alert, Checkbox, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { AlertIcon } from '../../shared/icons/icons.js';
import type { ExportForm } from './export-form.js';
import classes from './export-dialog.module.css';

/** Select Metrics: a checkbox for each metric, at least one (spec 3 §2.4). */
export function ExportMetricsField({
  metrics,
  error,
  onChange,
}: {
  metrics: readonly ExportMetric[];
  error: string | undefined;
  onChange: (metrics: ExportMetric[]) => void;
}) {
  return (
    <Checkbox.Group
      label={exportMessages.selectMetrics}
      labelProps={{ className: classes.sectionTitle, mb: 'xs' }}
      value={[...metrics]}
      // Kept in the order of the list, whatever order they were ticked in.
      onChange={(chosen) => onChange(EXPORT_METRICS.filter((metric) => chosen.includes(metric)))}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="sm">
        {EXPORT_METRICS.map((metric) => (
          <Checkbox key={metric} value={metric} label={exportMetricLabels[metric]} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** Export Options: Group Data By (Daily, Weekly, Monthly) and the detailed data, with its warning. */
export function ExportOptionsFields({
  form,
  onChange,
}: {
  form: Pick<ExportForm, 'groupBy' | 'includeRawData'>;
  onChange: (patch: Partial<ExportForm>) => void;
}) {
  return (
    <Stack gap="sm">
      <Text className={classes.sectionTitle}>{exportMessages.options}</Text>
      <Radio.Group
        label={exportMessages.groupBy}
        value={form.groupBy}
        onChange={(groupBy) => onChange({ groupBy })}
      >
        <Group gap="lg" mt={6}>
          {EXPORT_GROUPINGS.map((grouping) => (
            <Radio key={grouping} value={grouping} label={exportGroupingLabels[grouping]} />
          ))}
        </Group>
      </Radio.Group>
      <Checkbox
        label={exportMessages.includeRawData}
        checked={form.includeRawData}
        onChange={(event) => onChange({ includeRawData: event.currentTarget.checked })}
      />
      {form.includeRawData && (
        <Alert color="yellow" variant="light" icon={<AlertIcon size={18} />} role="status" py="xs">
          {exportMessages.rawDataWarning}
        </Alert>
      )}
    </Stack>
  );
}
