import { formatPercent } from '@castbase/contracts';
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ShareRow {
  key: string;
  label: string;
  count: number;
  /** 0–100, unrounded, as the service answers it. */
  percent: number;
  /** Drawn before the label: the colour of the row's slice when the list is a chart's legend. */
  icon?: ReactNode;
}

interface ShareListProps {
  rows: readonly ShareRow[];
  /** '12 plays', '3 requests': the count in words. */
  countText: (count: number) => string;
  /** Names the list for assistive technology ('Countries'). */
  label: string;
  /** A bar of each percent under its row, for a list no chart stands beside. */
  withBars?: boolean;
}

/**
 * A ranked list of shares (countries, devices, apps), most first: the label and its percent on one line, the count in
 * words under them, so a phone-wide column never squeezes a name; optionally a bar of the percent (hidden from
 * assistive technology: the words say it).
 */
export function ShareList({ rows, countText, label, withBars = false }: ShareListProps) {
  return (
    <Stack component="ol" gap="sm" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <li key={row.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Group gap={8} wrap="nowrap" miw={0}>
              {row.icon}
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {row.label}
              </Text>
            </Group>
            <Text size="sm" fw={650} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPercent(row.percent)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {countText(row.count)}
          </Text>
          {withBars && <Progress value={row.percent} size="sm" radius="xl" mt={6} aria-hidden="true" />}
        </li>
      ))}
    </Stack>
  );
}
