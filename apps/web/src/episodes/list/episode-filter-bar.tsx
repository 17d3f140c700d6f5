import type { EpisodeListPage } from '@castbase/contracts';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack } from '@mantine/core';
import { CloseIcon } from '../../shared/icons/icons.js';
import type { EpisodeListParams, FilterKey } from './episode-list-params.js';
import { EpisodeSearchInput } from './episode-search-input.js';

interface EpisodeFilterBarProps {
  params: EpisodeListParams;
  /** The last page read: its counts label the status choices and its seasons fill the season filter. */
  page: EpisodeListPage | undefined;
  filtersActive: boolean;
}

type Choice = { value: string; label: string };
const ALL = '';

/** Search and the six filters of the list (combined with AND), and Clear Filters while any is set. */
export function EpisodeFilterBar({ params, page, filtersActive }: EpisodeFilterBarProps) {
  const { query, update, clearFilters } = params;
  const counted = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label} (${count})`;
  // The season chosen stays a choice while a page without it loads.
  const seasons = [...(page?.seasons ?? []), ...(query.season === undefined ? [] : [Number(query.season)])];

  const filters: Array<{ key: Exclude<FilterKey, 'search'>; label: string; choices: Choice[] }> = [
    {
      key: 'status',
      label: 'Status',
      choices: [
        { value: ALL, label: counted('All', page?.counts.all) },
        { value: 'published', label: counted('Published', page?.counts.published) },
        { value: 'scheduled', label: counted('Scheduled', page?.counts.scheduled) },
        { value: 'draft', label: counted('Draft', page?.counts.draft) },
      ],
    },
    {
      key: 'media',
      label: 'Media',
      choices: [
        { value: ALL, label: 'All' },
        { value: 'audio', label: 'Audio' },
        { value: 'video', label: 'Video' },
      ],
    },
    {
      key: 'inRss',
      label: 'RSS feed',
      choices: [
        { value: ALL, label: 'All' },
        { value: 'true', label: 'In RSS' },
        { value: 'false', label: 'Not in RSS' },
      ],
    },
    {
      key: 'explicit',
      label: 'Content rating',
      choices: [
        { value: ALL, label: 'All' },
        { value: 'true', label: 'Explicit' },
        { value: 'false', label: 'Clean' },
      ],
    },
    {
      key: 'episodeType',
      label: 'Episode type',
      choices: [
        { value: ALL, label: 'All' },
        { value: 'full', label: 'Full' },
        { value: 'trailer', label: 'Trailer' },
        { value: 'bonus', label: 'Bonus' },
      ],
    },
    {
      key: 'season',
      label: 'Season',
      choices: [
        { value: ALL, label: 'All' },
        ...[...new Set(seasons)]
          .sort((a, b) => a - b)
          .map((season) => ({ value: String(season), label: `Season ${season}` })),
      ],
    },
  ];

  return (
    <Paper withBorder radius="md" p="md" component="search" aria-label="Filter episodes">
      <Stack gap="sm">
        <Group gap="md" align="flex-end" wrap="wrap">
          <EpisodeSearchInput value={query.search ?? ''} onSearch={(search) => update({ search })} />
          {filtersActive && (
            <Button variant="subtle" leftSection={<CloseIcon size={18} />} onClick={clearFilters}>
              Clear Filters
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          {filters.map(({ key, label, choices }) => (
            <NativeSelect
              key={key}
              label={label}
              data={choices}
              value={query[key] === undefined ? ALL : String(query[key])}
              onChange={(event) => update({ [key]: event.currentTarget.value || undefined })}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
