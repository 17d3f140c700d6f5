import { EPISODE_SORT_FIELDS, episodeSortLabels, nextSort, type EpisodeSortField } from '@castbase/contracts';
import { Button, Group, Text } from '@mantine/core';
import { ArrowDownIcon, ArrowUpIcon } from '../../shared/icons/icons.js';
import type { EpisodeListParams } from './episode-list-params.js';

const directionWords = { asc: 'ascending', desc: 'descending' } as const;

/** The sort fields of spec 2 §9: another field starts in its own direction, the active one flips. */
export function EpisodeSortBar({ params }: { params: EpisodeListParams }) {
  const { query, update } = params;
  const choose = (field: EpisodeSortField) => {
    const next = nextSort({ sort: query.sort, direction: query.direction }, field);
    update({ sort: next.sort, direction: next.direction });
  };
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-labelledby="episode-sort-label">
      <Text fw={600} size="sm" id="episode-sort-label" mr="xs">
        Sort by
      </Text>
      {EPISODE_SORT_FIELDS.map((field) => {
        const active = field === query.sort;
        const Arrow = query.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
        return (
          <Button
            key={field}
            variant={active ? 'light' : 'subtle'}
            color={active ? 'blue' : 'gray'}
            aria-pressed={active}
            aria-label={
              active ? `${episodeSortLabels[field]}, ${directionWords[query.direction]}` : undefined
            }
            rightSection={active ? <Arrow size={16} /> : undefined}
            onClick={() => choose(field)}
          >
            {episodeSortLabels[field]}
          </Button>
        );
      })}
    </Group>
  );
}
