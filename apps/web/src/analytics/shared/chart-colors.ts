import { useComputedColorScheme, useMantineTheme, type MantineTheme } from '@mantine/core';
import { useMemo } from 'react';
import { cssVariablesResolver } from '../../app/theme.js';

// The colours of the analytics charts, from the app's Mantine theme, for the colour scheme on screen. chart.js draws
// on a canvas and cannot read CSS variables, so the theme's own contrast-checked text colours are resolved here:
// every series colour reads at 4.5:1 on the card (more than the 3:1 a chart's marks need), in light and dark alike,
// and a change of scheme gives new colours, which the charts redraw with.

/** Hues far apart on the wheel, in the order series take them. */
const SERIES_HUES = ['blue', 'teal', 'orange', 'grape', 'cyan', 'pink', 'lime', 'indigo', 'yellow', 'red'];

export interface ChartColors {
  scheme: 'light' | 'dark';
  /** One colour per series or slice, in order (repeat with `seriesColor`). */
  series: readonly string[];
  /** Axis labels and legends. */
  text: string;
  /** Grid lines. */
  grid: string;
  /** The card the chart sits on: slices are outlined in it so neighbours stay apart. */
  surface: string;
  fontFamily: string;
}

export function chartColorsOf(theme: MantineTheme, scheme: 'light' | 'dark'): ChartColors {
  const variables: Record<string, string> = cssVariablesResolver(theme)[scheme];
  const variable = (name: string) => {
    const value = variables[name];
    if (!value) throw new Error(`The theme resolves no ${name}`);
    return value;
  };
  const light = scheme === 'light';
  return {
    scheme,
    series: SERIES_HUES.map((hue) => variable(`--mantine-color-${hue}-text`)),
    text: variable('--mantine-color-dimmed'),
    grid: light ? theme.colors.gray[3] : theme.colors.dark[4],
    surface: light ? theme.white : theme.colors.dark[7],
    fontFamily: theme.fontFamily ?? 'system-ui, sans-serif',
  };
}

/** The chart colours of the scheme on screen; new ones when the scheme changes. */
export function useChartColors(): ChartColors {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  return useMemo(() => chartColorsOf(theme, scheme), [theme, scheme]);
}

/** The colour of the series or slice at `index`, the palette repeating past its end. */
export function seriesColor(colors: ChartColors, index: number): string {
  return colors.series[index % colors.series.length] ?? colors.text;
}
