import { ANALYTICS_TOP_LISTS, episodeAnalyticsMessages, formatPercent } from '@castbase/contracts';
import { Box, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { seriesColor, useChartColors } from '../shared/chart-colors.js';

// A ranked list of shares beside a chart (traffic sources, devices): each row its rank, the chart's colour for it, a
// name, its plays and its percent of the episode's plays, with a bar; the top three ranks are highlighted.

export interface RankedShare {
  key: string;
  name: string;
  count: number;
  percent: number;
  icon?: ReactNode;
}

interface RankedShareListProps {
  /** Names the list ('Traffic Sources'). */
  name: string;
  shares: readonly RankedShare[];
}

export function RankedShareList({ name, shares }: RankedShareListProps) {
  const colors = useChartColors();
  return (
    <Stack component="ol" aria-label={name} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {shares.map((share, index) => {
        const top = index < ANALYTICS_TOP_LISTS.medalRanks;
        const color = seriesColor(colors, index);
        return (
          <Box
            component="li"
            key={share.key}
            p="sm"
            bdrs="md"
            bg={top ? 'var(--mantine-color-default-hover)' : undefined}
            style={{ borderInlineStart: `4px solid ${color}` }}
          >
            {/* On a narrow screen the plays go under the name rather than cut it short. */}
            <Group justify="space-between" wrap="wrap" gap="xs" align="center">
              <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 150px', minWidth: 0 }}>
                <Text fw={top ? 750 : 500} c={top ? undefined : 'dimmed'} w={24} ta="right">
                  {index + 1}
                </Text>
                {share.icon && (
                  <ThemeIcon variant="default" radius="md" size={30} style={{ flexShrink: 0 }}>
                    {share.icon}
                  </ThemeIcon>
                )}
                <Text fw={top ? 650 : 500} style={{ overflowWrap: 'anywhere' }}>
                  {share.name}
                </Text>
              </Group>
              <Stack gap={0} align="flex-end" ml="auto">
                <Text fw={650}>{episodeAnalyticsMessages.plays(share.count)}</Text>
                <Text size="xs" c="dimmed">
                  {episodeAnalyticsMessages.ofTotalPlays(formatPercent(share.percent))}
                </Text>
              </Stack>
            </Group>
            <Progress value={share.percent} color={color} size="sm" mt={8} aria-hidden="true" />
          </Box>
        );
      })}
    </Stack>
  );
}
