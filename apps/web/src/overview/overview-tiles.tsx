import { dashboardMessages as text } from '@castbase/contracts';
import { Badge, Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { BroadcastIcon, ListIcon, SettingsIcon } from '../shared/icons/icons.js';

interface OverviewTilesProps {
  totalEpisodes: number;
  /** The podcast's feed has been generated. */
  feedActive: boolean;
  /** The podcast has a name. */
  setupComplete: boolean;
}

/** Total Episodes, RSS Feed (Active or Not Set) and Podcast Setup (Complete or Incomplete). */
export function OverviewTiles({ totalEpisodes, feedActive, setupComplete }: OverviewTilesProps) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 3 }}
      spacing="md"
      component="ul"
      style={{ listStyle: 'none', padding: 0 }}
    >
      <Tile label={text.totalEpisodes} icon={<ListIcon />} color="blue">
        <Text fz={28} fw={700} lh={1.1}>
          {totalEpisodes}
        </Text>
      </Tile>
      <Tile label={text.rssFeed} icon={<BroadcastIcon />} color="orange">
        <StateBadge on={feedActive} onLabel={text.rssActive} offLabel={text.rssNotSet} />
      </Tile>
      <Tile label={text.podcastSetup} icon={<SettingsIcon />} color="teal">
        <StateBadge on={setupComplete} onLabel={text.setupComplete} offLabel={text.setupIncomplete} />
      </Tile>
    </SimpleGrid>
  );
}

function Tile({
  label,
  icon,
  color,
  children,
}: {
  label: string;
  icon: ReactNode;
  color: string;
  children: ReactNode;
}) {
  return (
    <Paper component="li" withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <div style={{ marginTop: 6 }}>{children}</div>
        </div>
        <ThemeIcon variant="light" color={color} size={40} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

function StateBadge({ on, onLabel, offLabel }: { on: boolean; onLabel: string; offLabel: string }) {
  return (
    <Badge size="lg" variant="light" color={on ? 'green' : 'gray'} radius="sm" mt={4}>
      {on ? onLabel : offLabel}
    </Badge>
  );
}
