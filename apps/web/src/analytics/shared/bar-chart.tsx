import { Box } from '@mantine/core';
import { BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { seriesColor, useChartColors } from './chart-colors.js';
import { ChartDataList, type ChartPoint } from './chart-data-list.js';
import { axisOptions, sharedChartOptions, useChartAnimation } from './chart-options.js';

// A bar chart of ranked or bucketed values (plays per country, requests per hour), horizontal for long labels, named
// for assistive technology and followed by its data as text. Only what it draws is registered with chart.js.

Chart.register(BarElement, CategoryScale, LinearScale, Tooltip);

interface BarChartProps {
  /** The chart's accessible name ('Top Countries'). */
  name: string;
  points: readonly ChartPoint[];
  formatValue: (value: number, point: ChartPoint) => string;
  /** Bars run left to right, labels down the side: for names (countries, apps). */
  horizontal?: boolean;
  integer?: boolean;
  height?: number;
  /** Which series colour the bars take. */
  colorIndex?: number;
}

export function BarChart({
  name,
  points,
  formatValue,
  horizontal = false,
  integer = true,
  height = 300,
  colorIndex = 0,
}: BarChartProps) {
  const colors = useChartColors();
  const animation = useChartAnimation();
  const color = seriesColor(colors, colorIndex);
  const data = useMemo(
    () => ({
      labels: points.map((point) => point.label),
      datasets: [
        {
          label: name,
          data: points.map((point) => point.value),
          backgroundColor: color,
          borderRadius: 4,
          maxBarThickness: 28,
        },
      ],
    }),
    [name, points, color],
  );
  const options = useMemo(() => {
    const axes = axisOptions(colors, { integer });
    return {
      ...sharedChartOptions<'bar'>(colors, animation, points, formatValue),
      indexAxis: horizontal ? ('y' as const) : ('x' as const),
      scales: horizontal ? { x: axes.value, y: axes.category } : { x: axes.category, y: axes.value },
    };
  }, [colors, animation, points, formatValue, integer, horizontal]);

  return (
    <Box>
      <Box h={height} pos="relative">
        <Bar role="img" aria-label={name} data={data} options={options} />
      </Box>
      <ChartDataList name={name} points={points} formatValue={formatValue} />
    </Box>
  );
}
