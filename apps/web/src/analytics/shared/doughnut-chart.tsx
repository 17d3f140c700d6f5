import { Box, Center, Stack, Text } from '@mantine/core';
import { ArcElement, Chart, Tooltip } from 'chart.js';
import { useMemo } from 'react';
import { Doughnut } from 'react-chartjs-2';
import { seriesColor, useChartColors } from './chart-colors.js';
import { ChartDataList, type ChartPoint } from './chart-data-list.js';
import { sharedChartOptions, useChartAnimation } from './chart-options.js';

// A doughnut of shares (plays by source, by device), slice i in series colour i (`seriesColor`, so a list beside it
// can show the same colour), slices outlined in the card's colour; named for assistive technology and followed by its
// data as text. Only what it draws is registered with chart.js.

Chart.register(ArcElement, Tooltip);

interface DoughnutChartProps {
  /** The chart's accessible name ('Traffic Sources'). */
  name: string;
  points: readonly ChartPoint[];
  formatValue: (value: number, point: ChartPoint) => string;
  size?: number;
  /** A figure in the hole (the total the slices share) and what it is; the data list already says it to AT. */
  center?: { value: string; caption: string };
}

export function DoughnutChart({ name, points, formatValue, size = 240, center }: DoughnutChartProps) {
  const colors = useChartColors();
  const animation = useChartAnimation();
  const data = useMemo(
    () => ({
      labels: points.map((point) => point.label),
      datasets: [
        {
          label: name,
          data: points.map((point) => point.value),
          backgroundColor: points.map((_, index) => seriesColor(colors, index)),
          borderColor: colors.surface,
          borderWidth: 2,
          hoverOffset: 6,
        },
      ],
    }),
    [name, points, colors],
  );
  const options = useMemo(
    () => ({ ...sharedChartOptions<'doughnut'>(colors, animation, points, formatValue), cutout: '62%' }),
    [colors, animation, points, formatValue],
  );

  return (
    <Box>
      <Box h={size} w={size} maw="100%" pos="relative" mx="auto">
        <Doughnut role="img" aria-label={name} data={data} options={options} />
        {center && (
          <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }} aria-hidden="true">
            <Stack gap={0} align="center">
              <Text fz={26} fw={750} lh={1.1}>
                {center.value}
              </Text>
              <Text size="xs" fw={600} c="dimmed">
                {center.caption}
              </Text>
            </Stack>
          </Center>
        )}
      </Box>
      <ChartDataList name={name} points={points} formatValue={formatValue} />
    </Box>
  );
}
