import {
  ANALYTICS_TOP_LISTS,
  formatCount,
  formatMinutes,
  formatPercent,
  podcastAnalyticsMessages,
  secondsToMinutes,
  type TopEpisode,
} from '@castbase/contracts';
import { Anchor, Box, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { ChartCard } from '../shared/chart-card.js';
import { MeasuredValue } from './measured-value.js';

const text = podcastAnalyticsMessages.topEpisodes;

interface TopEpisodesTableProps {
  podcastId: string;
  episodes: readonly TopEpisode[];
}

/**
 * The five most played episodes of the range (spec 3 §9), each linking to its own analytics screen: a table from the
 * small breakpoint, a list of cards below it so a phone never scrolls sideways.
 */
export function TopEpisodesTable({ podcastId, episodes }: TopEpisodesTableProps) {
  const shown = episodes.slice(0, ANALYTICS_TOP_LISTS.podcastScreenEpisodes);
  return (
    <ChartCard title={text.title}>
      {shown.length === 0 ? (
        <Text c="dimmed">{text.empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560} visibleFrom="sm" type="native">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{text.episode}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {text.plays}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {text.listeners}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {text.completion}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {text.listenTime}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((episode) => (
                  <Table.Tr key={episode.episodeId}>
                    <Table.Th scope="row" fw={500}>
                      <EpisodeLink podcastId={podcastId} episode={episode} />
                    </Table.Th>
                    {figuresOf(episode).map((figure) => (
                      <Table.Td key={figure.label} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        <MeasuredValue value={figure.value} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack component="ol" gap="sm" hiddenFrom="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {shown.map((episode) => (
              <Box
                component="li"
                key={episode.episodeId}
                p="sm"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
              >
                <EpisodeLink podcastId={podcastId} episode={episode} />
                <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={6} mt={8} mb={0}>
                  {figuresOf(episode).map((figure) => (
                    <div key={figure.label}>
                      <Text component="dt" size="xs" c="dimmed">
                        {figure.label}
                      </Text>
                      <Text component="dd" size="sm" fw={600} m={0}>
                        <MeasuredValue value={figure.value} />
                      </Text>
                    </div>
                  ))}
                </SimpleGrid>
              </Box>
            ))}
          </Stack>
        </>
      )}
    </ChartCard>
  );
}

function EpisodeLink({ podcastId, episode }: { podcastId: string; episode: TopEpisode }) {
  return (
    <Anchor
      component={Link}
      to={podcastPath(podcastId, 'episodes/:episodeId/analytics', episode.episodeId)}
      fw={500}
      style={{ overflowWrap: 'anywhere' }}
    >
      {episode.title}
    </Anchor>
  );
}

/** The columns after the title, null where the figure is not measured. */
function figuresOf(episode: TopEpisode): { label: string; value: string | null }[] {
  return [
    { label: text.plays, value: formatCount(episode.totalPlays) },
    { label: text.listeners, value: formatCount(episode.uniqueListeners) },
    {
      label: text.completion,
      value: episode.completionRate === null ? null : formatPercent(episode.completionRate),
    },
    {
      label: text.listenTime,
      value:
        episode.averageListenSeconds === null
          ? null
          : formatMinutes(secondsToMinutes(episode.averageListenSeconds)),
    },
  ];
}
