import {
  ANALYTICS_TIME_RANGES,
  analyticsMessages,
  analyticsTimeRangeLabels,
  analyticsTimeRangeSchema,
  DEFAULT_ANALYTICS_TIME_RANGE,
  type AnalyticsTimeRange,
} from '@castbase/contracts';
import { Select } from '@mantine/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

// The analytics screens' time-range selector (spec 3 §2.2: 24 Hours … All Time, 30 Days by default), and the range
// kept in the address (`?timeRange=7d`), so a reload or a shared link shows the same range.

const options = ANALYTICS_TIME_RANGES.map((range) => ({
  value: range,
  label: analyticsTimeRangeLabels[range],
}));

const TIME_RANGE_PARAM = 'timeRange';

/** The range of the address's `?timeRange=` (30 Days when absent or not a range), and a setter that replaces it. */
export function useAnalyticsTimeRange(): [AnalyticsTimeRange, (range: AnalyticsTimeRange) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = analyticsTimeRangeSchema.safeParse(params.get(TIME_RANGE_PARAM) ?? undefined);
  const range = parsed.success ? parsed.data : DEFAULT_ANALYTICS_TIME_RANGE;
  const setRange = useCallback(
    (next: AnalyticsTimeRange) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DEFAULT_ANALYTICS_TIME_RANGE) updated.delete(TIME_RANGE_PARAM);
          else updated.set(TIME_RANGE_PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange];
}

interface TimeRangeSelectProps {
  value: AnalyticsTimeRange;
  onChange: (range: AnalyticsTimeRange) => void;
}

/** A select of the six ranges, named 'Time range' for assistive technology. */
export function TimeRangeSelect({ value, onChange }: TimeRangeSelectProps) {
  return (
    <Select
      aria-label={analyticsMessages.timeRange}
      data={options}
      value={value}
      allowDeselect={false}
      checkIconPosition="right"
      w={150}
      // As tall as the buttons beside it (44px, the theme's touch target).
      styles={{ input: { minHeight: 44 } }}
      onChange={(next) => {
        const parsed = analyticsTimeRangeSchema.safeParse(next);
        if (parsed.success) onChange(parsed.data);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
