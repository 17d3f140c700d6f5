import { formatCount, publicFiguresMessages, type PublicPodcastFigures } from '@castbase/contracts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { PublicSection } from './public-section.js';

/** The podcast's totals of all time, shown only when its owner shares them (analytics sharing). */
export function PodcastFigures({ figures }: { figures: PublicPodcastFigures }) {
  const messages = publicFiguresMessages;
  return (
    <PublicSection id="figures" title={messages.heading}>
      <Stack gap="xs">
        <SimpleGrid cols={2} component="dl" m={0}>
          {(
            [
              [messages.totalPlays, figures.totalPlays],
              [messages.uniqueListeners, figures.uniqueListeners],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fz="xl" fw={700}>
                {formatCount(value)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {messages.allTime}
        </Text>
      </Stack>
    </PublicSection>
  );
}
