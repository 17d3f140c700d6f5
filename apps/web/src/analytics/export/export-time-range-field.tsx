import { ANALYTICS_EXPORT_PRESETS, exportMessages, type ExportRange } from '@castbase/contracts';
import { Radio, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import type { ExportForm, ExportFormProblems } from './export-form.js';
import classes from './export-dialog.module.css';

interface ExportTimeRangeFieldProps {
  form: ExportForm;
  timeZone: string;
  /** The custom range's messages, once they are to be shown. */
  problems: Pick<ExportFormProblems, 'from' | 'to'>;
  onChange: (patch: Partial<ExportForm>) => void;
  onCustomFieldBlur: () => void;
}

/**
 * Time Range (spec 3 §2.4): the tabs 'Preset Ranges' (Last 24 Hours … All Time) and 'Custom Range' (From Date and To
 * Date in the creator's time zone, checked with the contracts' rule, each message under its field).
 */
export function ExportTimeRangeField({
  form,
  timeZone,
  problems,
  onChange,
  onCustomFieldBlur,
}: ExportTimeRangeFieldProps) {
  const titleId = useId();
  return (
    <Stack gap="xs">
      <Text id={titleId} className={classes.sectionTitle}>
        {exportMessages.timeRange}
      </Text>
      <Tabs
        value={form.rangeKind}
        onChange={(kind) => kind && onChange({ rangeKind: kind as ExportRange['kind'] })}
        keepMounted={false}
      >
        <Tabs.List aria-labelledby={titleId}>
          <Tabs.Tab value="preset">{exportMessages.presetRanges}</Tabs.Tab>
          <Tabs.Tab value="custom">{exportMessages.customRange}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="preset" pt="sm">
          <Radio.Group
            label={exportMessages.presetRanges}
            // Named for screen readers; on screen the tab above says it.
            labelProps={{ className: classes.visuallyHidden }}
            value={form.preset}
            onChange={(preset) => onChange({ preset })}
          >
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing="sm">
              {ANALYTICS_EXPORT_PRESETS.map((preset) => (
                <Radio key={preset.range} value={preset.range} label={preset.label} />
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Tabs.Panel>
        <Tabs.Panel value="custom" pt="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={exportMessages.fromDate}
              required
              value={form.from}
              error={problems.from}
              onChange={(event) => onChange({ from: event.currentTarget.value })}
              onBlur={onCustomFieldBlur}
            />
            <TextInput
              type="datetime-local"
              label={exportMessages.toDate}
              required
              value={form.to}
              error={problems.to}
              onChange={(event) => onChange({ to: event.currentTarget.value })}
              onBlur={onCustomFieldBlur}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt="xs">
            {exportMessages.customRangeHint(timeZone)}
          </Text>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
