import { useReducedMotion } from '@mantine/hooks';
import type { ChartType, TooltipItem } from 'chart.js';
import type { ChartColors } from './chart-colors.js';
import type { ChartPoint } from './chart-data-list.js';

// What the line, bar and doughnut charts share: the theme's font and colours, a tooltip that reads each value as the
// text alternative does, no built-in legend (each screen lists the data beside its chart) and no animation for people
// who asked their system for less motion.

/** Whether to animate: not when the system asks for reduced motion. */
export function useChartAnimation(): false | { duration: number } {
  return useReducedMotion() ? false : { duration: 400 };
}

export function sharedChartOptions<T extends ChartType>(
  colors: ChartColors,
  animation: false | { duration: number },
  points: readonly ChartPoint[],
  formatValue: (value: number, point: ChartPoint) => string,
) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation,
    color: colors.text,
    font: { family: colors.fontFamily },
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (item: TooltipItem<T>) => {
            const point = points[item.dataIndex];
            return point ? ` ${formatValue(point.value, point)}` : '';
          },
        },
      },
    },
  };
}

/** A value axis and a category axis in the theme's colours. */
export function axisOptions(colors: ChartColors, { integer }: { integer: boolean }) {
  const ticks = { color: colors.text, font: { family: colors.fontFamily, size: 12 } };
  return {
    value: {
      beginAtZero: true,
      ticks: { ...ticks, ...(integer ? { precision: 0 } : {}) },
      grid: { color: colors.grid },
      border: { display: false },
    },
    category: {
      ticks: { ...ticks, autoSkip: true, maxRotation: 0 },
      grid: { display: false },
      border: { color: colors.grid },
    },
  };
}
