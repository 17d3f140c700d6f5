import { feedStatusSchema } from '@castbase/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '../shared/api/api-error.js';
import { useApiClient } from '../shared/api/use-api-client.js';

const feedAnswerSchema = feedStatusSchema.pick({ url: true, generatedAt: true, episodeCount: true });
const podcastIdSchema = z.uuid();

/**
 * The podcast's generated feed (`GET /api/podcasts/:id/feed`), or null when none has been generated. Ids that
 * are not UUIDs are never asked about (spec 1 §5): their feed is simply not generated.
 */
export function useFeedStatus(podcastId: string | null) {
  const api = useApiClient();
  const validId = podcastId !== null && podcastIdSchema.safeParse(podcastId).success;
  return useQuery({
    queryKey: ['feeds', 'status', podcastId] as const,
    queryFn: async ({ signal }) => {
      try {
        return await api.get(
          `/podcasts/${encodeURIComponent(podcastId ?? '')}/feed`,
          feedAnswerSchema,
          signal,
        );
      } catch (error) {
        if (error instanceof ApiError && error.code === 'FEED_NOT_FOUND') return null;
        throw error;
      }
    },
    enabled: validId,
    ...(validId ? {} : { initialData: null }),
  });
}
