import {
  analyticsExportConfigSchema,
  EXPORT_RAW_DATA_SECTIONS,
  estimatedExportSizeKb,
  exportFileName,
  exportGroupingLabels,
  exportMessages,
  exportMetricLabels,
  type AnalyticsExportConfigInput,
} from '@castbase/contracts';
import { Box, Paper, Text } from '@mantine/core';
import classes from './export-dialog.module.css';

interface ExportPreviewProps {
  config: AnalyticsExportConfigInput;
  /** How the range reads to the creator: 'Last 30 Days', or the custom dates. */
  rangeLabel: string;
}

/**
 * Export Preview (spec 3 §2.4, §9): the file that will be made, what it covers, and its estimated size. It follows the
 * form as it changes; nothing is asked of the server until Export.
 */
export function ExportPreview({ config, rangeLabel }: ExportPreviewProps) {
  const metrics = config.metrics ?? [];
  const format = config.format ?? 'csv';
  const parsed = analyticsExportConfigSchema.safeParse(config);
  const facts: Array<[string, string]> = [
    [exportMessages.previewFile, exportFileName(metrics, new Date(), format)],
    [
      exportMessages.previewScope,
      config.episodeId ? exportMessages.previewOneEpisode : exportMessages.previewWholePodcast,
    ],
    [exportMessages.previewRange, rangeLabel],
    [
      exportMessages.previewMetrics,
      metrics.length > 0
        ? metrics.map((metric) => exportMetricLabels[metric]).join(', ')
        : exportMessages.previewNoMetric,
    ],
    [exportMessages.previewGrouping, exportGroupingLabels[config.groupBy ?? 'day']],
    [
      exportMessages.previewDetailed,
      config.includeRawData ? EXPORT_RAW_DATA_SECTIONS.join(', ') : exportMessages.previewNotIncluded,
    ],
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={exportMessages.preview}>
      <Text className={classes.sectionTitle} mb="xs">
        {exportMessages.preview}
      </Text>
      <Box component="dl" className={classes.preview} fz="sm">
        {facts.map(([name, value]) => (
          <FactRow key={name} name={name} value={value} />
        ))}
      </Box>
      {parsed.success && metrics.length > 0 && (
        <Text size="sm" fw={500} mt="sm" aria-live="polite">
          {exportMessages.estimatedSize(estimatedExportSizeKb(parsed.data))}
        </Text>
      )}
    </Paper>
  );
}

function FactRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </>
  );
}
