import { alpha, Box } from '@mantine/core';
import { CategoryScale, Chart, Filler, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { useChartColors } from './chart-colors.js';
import { ChartDataList, type ChartPoint } from './chart-data-list.js';
import { axisOptions, sharedChartOptions, useChartAnimation } from './chart-options.js';

// A line chart of one series over time (plays per day, requests per hour), in the theme's primary series colour,
// named for assistive technology and followed by its data as text. Only what it draws is registered with chart.js.

Chart.register(LineElement, PointElement, LinearScale, CategoryScale, Filler, Tooltip);

/** Past this many points the dots are left out (they would touch) and appear only under the pointer. */
const MAX_POINTS_WITH_DOTS = 31;

interface LineChartProps {
  /** The chart's accessible name ('Play Trends'). */
  name: string;
  points: readonly ChartPoint[];
  formatValue: (value: number, point: ChartPoint) => string;
  /** Whole numbers only on the value axis (counts). */
  integer?: boolean;
  height?: number;
  /** At most this many labels on the time axis. */
  maxLabels?: number;
}

export function LineChart({
  name,
  points,
  formatValue,
  integer = true,
  height = 300,
  maxLabels = 8,
}: LineChartProps) {
  const colors = useChartColors();
  const animation = useChartAnimation();
  const color = colors.series[0] ?? colors.text;
  const data = useMemo(
    () => ({
      labels: points.map((point) => point.label),
      datasets: [
        {
          label: name,
          data: points.map((point) => point.value),
          borderColor: color,
          backgroundColor: alpha(color, 0.12),
          pointBackgroundColor: color,
          pointRadius: points.length > MAX_POINTS_WITH_DOTS ? 0 : 3,
          pointHoverRadius: 5,
          borderWidth: 2,
          // Smooth without overshooting: the curve never dips under a day's count (or below 0).
          cubicInterpolationMode: 'monotone' as const,
          fill: true,
        },
      ],
    }),
    [name, points, color],
  );
  const options = useMemo(() => {
    const axes = axisOptions(colors, { integer });
    return {
      ...sharedChartOptions<'line'>(colors, animation, points, formatValue),
      interaction: { mode: 'index' as const, intersect: false },
      scales: {
        x: { ...axes.category, ticks: { ...axes.category.ticks, maxTicksLimit: maxLabels } },
        y: axes.value,
      },
    };
  }, [colors, animation, points, formatValue, integer, maxLabels]);

  return (
    <Box>
      <Box h={height} pos="relative">
        <Line role="img" aria-label={name} data={data} options={options} />
      </Box>
      <ChartDataList name={name} points={points} formatValue={formatValue} />
    </Box>
  );
}
