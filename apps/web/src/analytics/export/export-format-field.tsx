import { EXPORT_FORMATS, exportFormatOptions, exportMessages, type ExportFormat } from '@castbase/contracts';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import classes from './export-dialog.module.css';

/** Export Format: a card for each of CSV, JSON and PDF with what it is best for (spec 3 §2.4). */
export function ExportFormatField({
  value,
  onChange,
}: {
  value: ExportFormat;
  onChange: (format: ExportFormat) => void;
}) {
  return (
    <Radio.Group
      label={exportMessages.format}
      labelProps={{ className: classes.sectionTitle, mb: 'xs' }}
      value={value}
      onChange={onChange}
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {EXPORT_FORMATS.map((format) => (
          <Radio.Card key={format} value={format} radius="md" className={classes.formatCard}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={0}>
                <Text fw={600}>{exportFormatOptions[format].label}</Text>
                <Text size="sm" c="dimmed">
                  {exportFormatOptions[format].description}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
