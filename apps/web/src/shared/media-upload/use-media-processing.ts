import { mediaFileSchema, type MediaFile } from '@castbase/contracts';
import { useMutation } from '@tanstack/react-query';
import { EventSource, type FetchLike } from 'eventsource';
import { useEffect, useRef, useState } from 'react';
import { API_BASE_PATH } from '../api/api-client.js';
import { apiErrorFromResponse, errorMessageOf } from '../api/api-error.js';
import { useApiClient } from '../api/use-api-client.js';
import { useAuth } from '../auth/auth-context.js';
import { retryProcessingJob } from './media-api.js';
import type { StoredUpload } from './resumable-upload.js';

export interface MediaProcessing {
  /** The file as last reported; null until the stream's first event when the upload answered only its id. */
  file: MediaFile | null;
  /** The stream could not be followed (its answer, or the reason the gateway gave). */
  streamError: string | null;
  /** Runs a failed job again and follows the file anew. */
  retry(jobId: string): void;
  retrying: boolean;
  retryError: string | null;
}

/**
 * Follows a stored file through processing over `GET /api/media/:id/events` (Server-Sent Events, event `media`),
 * until it is ready or failed. The `eventsource` package stands in for the browser's EventSource, which cannot send
 * the Authorization header the API needs.
 */
export function useMediaProcessing(stored: StoredUpload | null): MediaProcessing {
  const api = useApiClient();
  const { accessToken } = useAuth();
  const token = useRef(accessToken);
  useEffect(() => {
    token.current = accessToken;
  }, [accessToken]);
  const mediaId = stored?.mediaId ?? null;
  const [followed, setFollowed] = useState<{ mediaId: string | null; file: MediaFile | null }>({
    mediaId,
    file: stored?.file ?? null,
  });
  const [streamError, setStreamError] = useState<string | null>(null);
  // Each retry opens the stream again: the file is processing once more.
  const [round, setRound] = useState(0);

  // A different upload starts from what its last PATCH answered.
  if (followed.mediaId !== mediaId) {
    setFollowed({ mediaId, file: stored?.file ?? null });
    setStreamError(null);
  }

  useEffect(() => {
    if (!mediaId) return;
    const authorizedFetch: FetchLike = (url, init) =>
      fetch(url, {
        ...init,
        headers: {
          ...init.headers,
          ...(token.current ? { Authorization: `Bearer ${token.current}` } : {}),
        },
      });
    const source = new EventSource(
      new URL(`${API_BASE_PATH}/media/${encodeURIComponent(mediaId)}/events`, window.location.origin),
      { fetch: authorizedFetch },
    );
    source.addEventListener('media', (event) => {
      const parsed = mediaFileSchema.safeParse(parseJson(event.data));
      if (!parsed.success) return;
      setFollowed({ mediaId, file: parsed.data });
      setStreamError(null);
      if (parsed.data.status !== 'processing') source.close();
    });
    // The gateway's `failure` event says why it stopped following the file.
    source.addEventListener('failure', (event) => {
      source.close();
      const reason = parseJson(event.data) as { message?: unknown } | undefined;
      setStreamError(typeof reason?.message === 'string' ? reason.message : errorMessageOf(undefined));
    });
    // A refused connection (404, 401) is not retried.
    source.addEventListener('error', (event) => {
      if (source.readyState === source.CLOSED)
        setStreamError(apiErrorFromResponse(event.code ?? 0, undefined).message);
    });
    return () => source.close();
  }, [mediaId, round]);

  const retryJob = useMutation({
    mutationFn: (jobId: string) => retryProcessingJob(api, mediaId ?? '', jobId),
    onSuccess: (job) => {
      // The file is processing again at once when it was its own job; the stream then follows it.
      setFollowed((current) =>
        current.file
          ? {
              ...current,
              file: {
                ...current.file,
                status: job.type.startsWith('process-') ? 'processing' : current.file.status,
                jobs: current.file.jobs.map((known) => (known.id === job.id ? job : known)),
              },
            }
          : current,
      );
      setRound((current) => current + 1);
    },
  });

  return {
    file: followed.file,
    streamError,
    retry: (jobId) => retryJob.mutate(jobId),
    retrying: retryJob.isPending,
    retryError: retryJob.isError ? errorMessageOf(retryJob.error) : null,
  };
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
