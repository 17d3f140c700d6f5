import {
  analyticsMessages,
  EPISODE_EXPORT_DEFAULT_METRICS,
  type AnalyticsTimeRange,
} from '@castbase/contracts';
import { Button, Group } from '@mantine/core';
import { ExportAnalyticsButton } from '../export/export-analytics-button.js';
import { RefreshIcon } from '../shared/analytics-icons.js';
import { TimeRangeSelect } from '../shared/time-range-select.js';

interface EpisodeAnalyticsActionsProps {
  podcastId: string;
  episodeId: string;
  range: AnalyticsTimeRange;
  onRangeChange: (range: AnalyticsTimeRange) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The header's controls (spec 3 §2.2): the time range, Refresh and the export. */
export function EpisodeAnalyticsActions({
  podcastId,
  episodeId,
  range,
  onRangeChange,
  refreshing,
  onRefresh,
}: EpisodeAnalyticsActionsProps) {
  return (
    <Group gap="sm" wrap="wrap">
      <TimeRangeSelect value={range} onChange={onRangeChange} />
      <Button
        variant="default"
        leftSection={<RefreshIcon size={18} />}
        loading={refreshing}
        onClick={onRefresh}
      >
        {analyticsMessages.refresh}
      </Button>
      <ExportAnalyticsButton
        podcastId={podcastId}
        episodeId={episodeId}
        defaultMetrics={EPISODE_EXPORT_DEFAULT_METRICS}
      />
    </Group>
  );
}
