import { exportFileName, type AnalyticsExportConfigInput } from '@castbase/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { saveFile } from '../../shared/api/save-file.js';

/**
 * Makes an export on the server (`POST /api/podcasts/{id}/analytics/export`, streamed back as a file) with the
 * signed-in client and saves it under the name the server gave it. `cancel` stops a download under way.
 */
export function useAnalyticsExport(podcastId: string) {
  const api = useApiClient();
  const running = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (config: AnalyticsExportConfigInput) => {
      const controller = new AbortController();
      running.current = controller;
      try {
        const { blob, fileName } = await api.downloadFile(
          `/podcasts/${encodeURIComponent(podcastId)}/analytics/export`,
          { method: 'POST', body: config, signal: controller.signal },
        );
        saveFile(blob, fileName ?? exportFileName(config.metrics ?? [], new Date(), config.format ?? 'csv'));
      } finally {
        running.current = null;
      }
    },
  });
  return {
    mutation,
    cancel: () => {
      running.current?.abort();
      mutation.reset();
    },
  };
}
