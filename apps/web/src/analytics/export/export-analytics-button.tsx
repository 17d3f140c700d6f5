import { exportMessages, type ExportMetric } from '@castbase/contracts';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DownloadIcon } from '../../shared/icons/icons.js';
import { ExportAnalyticsDialog } from './export-analytics-dialog.js';

export interface ExportAnalyticsButtonProps {
  podcastId: string;
  /** An episode's own export, from its analytics screen. */
  episodeId?: string;
  /** The metrics ticked at first (the episode screen's are EPISODE_EXPORT_DEFAULT_METRICS); else plays and listeners. */
  defaultMetrics?: readonly ExportMetric[];
}

/** 'Export Analytics': opens the 'Export Analytics Data' dialog for the podcast, or one of its episodes. */
export function ExportAnalyticsButton({ podcastId, episodeId, defaultMetrics }: ExportAnalyticsButtonProps) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<DownloadIcon size={18} />} onClick={dialog.open}>
        {exportMessages.button}
      </Button>
      <ExportAnalyticsDialog
        opened={opened}
        onClose={dialog.close}
        podcastId={podcastId}
        episodeId={episodeId}
        defaultMetrics={defaultMetrics}
      />
    </>
  );
}
