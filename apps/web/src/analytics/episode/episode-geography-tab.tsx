import {
  ANALYTICS_TOP_LISTS,
  episodeAnalyticsMessages,
  formatPercent,
  type CountryPlays,
  type EpisodeAnalytics,
} from '@castbase/contracts';
import {
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  type MantineColor,
} from '@mantine/core';
import { useMemo } from 'react';
import { GlobeIcon, MedalIcon } from '../shared/analytics-icons.js';
import { BarChart } from '../shared/bar-chart.js';
import { ChartCard } from '../shared/chart-card.js';
import type { ChartPoint } from '../shared/chart-data-list.js';

const text = episodeAnalyticsMessages.geography;
const playsOf = (value: number) => episodeAnalyticsMessages.plays(value);

/** Gold, silver and bronze. */
const MEDAL_COLORS: readonly MantineColor[] = ['yellow', 'gray', 'orange'];

/**
 * The Geography tab (spec 3 §2.2): a bar chart of the 10 countries with the most plays, and cards for the top 12, the
 * first three with a medal, each with its plays and percent of the episode's plays.
 */
export function EpisodeGeographyTab({ countries }: { countries: EpisodeAnalytics['countries'] }) {
  const points = useMemo<ChartPoint[]>(
    () =>
      countries
        .slice(0, ANALYTICS_TOP_LISTS.episodeCountryChart)
        .map((entry) => ({ label: entry.name, value: entry.plays })),
    [countries],
  );
  if (countries.length === 0) {
    return (
      <ChartCard title={text.title} subtitle={text.subtitle}>
        <EmptyState variant="light" size="md" icon={<GlobeIcon size={26} />} title={text.empty} />
      </ChartCard>
    );
  }
  return (
    <Stack gap="lg">
      <ChartCard title={text.title} subtitle={text.subtitle}>
        <BarChart
          name={text.title}
          points={points}
          formatValue={playsOf}
          horizontal
          height={Math.max(160, points.length * 36 + 40)}
        />
      </ChartCard>
      <ChartCard title={text.cardsTitle}>
        <SimpleGrid
          component="ol"
          aria-label={text.cardsTitle}
          cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
          spacing="md"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {countries.slice(0, ANALYTICS_TOP_LISTS.episodeCountryCards).map((entry, index) => (
            <CountryCard key={entry.country} entry={entry} rank={index + 1} />
          ))}
        </SimpleGrid>
      </ChartCard>
    </Stack>
  );
}

/**
 * A country's card: its rank in a circle (gold, silver and bronze with a medal beside it for the first three), then
 * its name, plays and percent of the episode's plays. The list is ordered, so the rank is also said by position.
 */
function CountryCard({ entry, rank }: { entry: CountryPlays; rank: number }) {
  const medal = MEDAL_COLORS[rank - 1];
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" wrap="nowrap" mb={8} aria-hidden="true">
        <ThemeIcon
          variant={medal ? 'light' : 'default'}
          {...(medal ? { color: medal } : {})}
          radius="xl"
          size={34}
        >
          <Text size="sm" fw={750} c="inherit">
            {rank}
          </Text>
        </ThemeIcon>
        {medal && (
          <Text span c={medal} lh={0}>
            <MedalIcon size={24} />
          </Text>
        )}
      </Group>
      <Text fw={650} lh={1.3}>
        {entry.name}
      </Text>
      <Text size="sm">{episodeAnalyticsMessages.plays(entry.plays)}</Text>
      <Text size="xs" c="dimmed">
        {episodeAnalyticsMessages.ofTotalPlays(formatPercent(entry.percent))}
      </Text>
    </Paper>
  );
}
