import { EPISODE_PAGE_SIZES, type EpisodeListPage } from '@castbase/contracts';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { EpisodeListParams } from './episode-list-params.js';

/** 'Showing 21–40 of 200', the pages, and how many episodes a page holds. */
export function EpisodePagination({ params, page }: { params: EpisodeListParams; page: EpisodeListPage }) {
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Text size="sm" c="dimmed" role="status">
        Showing {first}–{last} of {page.total}
      </Text>
      {page.pageCount > 1 && (
        <nav aria-label="Pages">
          <Pagination
            total={page.pageCount}
            value={page.page}
            onChange={(next) => params.update({ page: next })}
            styles={{ root: { flexWrap: 'wrap' }, control: { minWidth: 44, height: 44 } }}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
            })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </nav>
      )}
      <NativeSelect
        label="Per page"
        data={EPISODE_PAGE_SIZES.map(String)}
        value={String(page.pageSize)}
        onChange={(event) => params.update({ pageSize: Number(event.currentTarget.value) })}
        w={110}
      />
    </Group>
  );
}
