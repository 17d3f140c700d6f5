import { analyticsMessages, formatPercentChange, isGrowthPositive, NOT_MEASURED } from '@castbase/contracts';
import { Group, Paper, Stack, Text, ThemeIcon, VisuallyHidden, type MantineColor } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from '../../shared/icons/icons.js';

// A figure card of the analytics screens: a label, the figure, and optionally its trend (an arrow and a signed
// percent, green at 0 or above and red below, so colour is never the only sign) and a hint under it (what a figure
// that is not measured would need). The card is a group named by its label. NOT_MEASURED is drawn as such and read
// aloud as 'Not measured'.

export interface StatTrend {
  /** Percent change; its sign gives the arrow and the colour. */
  change: number;
  /** Builds the sentence from the signed, formatted change ('+12.5% vs previous 7 days'). */
  describe: (formattedChange: string) => string;
}

interface StatCardProps {
  label: string;
  /** Already formatted ('1,234', '48.2%', NOT_MEASURED). */
  value: string;
  icon?: ReactNode;
  /** The figure's colour when it carries a judgement (completion at or above 50 %: green). */
  valueColor?: MantineColor;
  trend?: StatTrend;
  hint?: ReactNode;
}

export function StatCard({ label, value, icon, valueColor, trend, hint }: StatCardProps) {
  const labelId = useId();
  return (
    <Paper withBorder radius="lg" p="lg" role="group" aria-labelledby={labelId} h="100%">
      <Stack gap={6}>
        {/* As tall as two lines of label, so the figures of a row of cards line up whatever their labels. */}
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start" mih={40}>
          <Text id={labelId} size="sm" fw={600} c="dimmed">
            {label}
          </Text>
          {icon && (
            <ThemeIcon variant="light" radius="md" size={34}>
              {icon}
            </ThemeIcon>
          )}
        </Group>
        <Text fz={30} fw={750} lh={1.15} {...(valueColor ? { c: valueColor } : {})}>
          {value === NOT_MEASURED ? (
            <>
              <span aria-hidden="true">{NOT_MEASURED}</span>
              <VisuallyHidden>{analyticsMessages.notMeasured}</VisuallyHidden>
            </>
          ) : (
            value
          )}
        </Text>
        {trend && <TrendLine trend={trend} />}
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function TrendLine({ trend }: { trend: StatTrend }) {
  const positive = isGrowthPositive(trend.change);
  const Arrow = positive ? ArrowUpIcon : ArrowDownIcon;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" c={positive ? 'green' : 'red'}>
      <Arrow size={16} strokeWidth={2.2} style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" fw={600} c="inherit">
        {trend.describe(formatPercentChange(trend.change))}
      </Text>
    </Group>
  );
}
