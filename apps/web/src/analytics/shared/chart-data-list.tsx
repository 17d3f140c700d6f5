import { VisuallyHidden } from '@mantine/core';

// The text alternative of every analytics chart: the chart's data as a list that assistive technology reads and
// the eye does not see (the canvas itself is an image named after the chart).

export interface ChartPoint {
  label: string;
  value: number;
}

interface ChartDataListProps {
  /** The chart's name, which names the list too. */
  name: string;
  points: readonly ChartPoint[];
  /** How one value reads ('12 plays', '40.0%'). */
  formatValue: (value: number, point: ChartPoint) => string;
}

export function ChartDataList({ name, points, formatValue }: ChartDataListProps) {
  return (
    <VisuallyHidden>
      <ul aria-label={name}>
        {points.map((point, index) => (
          <li key={`${index}-${point.label}`}>
            {point.label}: {formatValue(point.value, point)}
          </li>
        ))}
      </ul>
    </VisuallyHidden>
  );
}
