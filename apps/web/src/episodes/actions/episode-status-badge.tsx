import type { EpisodeStatus } from '@castbase/contracts';
import { Badge } from '@mantine/core';

const statusLook: Record<EpisodeStatus, { label: string; color: string }> = {
  published: { label: 'Published', color: 'green' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  draft: { label: 'Draft', color: 'gray' },
};

/** An episode's status as a small coloured label. */
export function EpisodeStatusBadge({ status }: { status: EpisodeStatus }) {
  const { label, color } = statusLook[status];
  return (
    <Badge color={color} variant="light" radius="sm">
      {label}
    </Badge>
  );
}
