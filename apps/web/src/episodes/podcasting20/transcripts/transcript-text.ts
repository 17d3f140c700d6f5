import type { ApiClient } from '../../../shared/api/api-client.js';
import { apiErrorFromNetworkFailure, apiErrorFromResponse } from '../../../shared/api/api-error.js';

/** The gateway's fetcher of text at a user's URL (it refuses private addresses): 200 text/plain, or 4xx `{ message }`. */
const REMOTE_TEXT_PATH = '/remote-text';

/** A preview shows at most this much of the text; a transcript can be megabytes. */
export const PREVIEW_CHARACTERS = 20_000;

export const transcriptQueryKeys = {
  text: (url: string) => ['transcripts', 'text', url] as const,
};

/**
 * The text of a transcript: a file in Castbase's own storage (same origin) is read directly; a URL elsewhere is
 * read through the gateway (`GET /api/remote-text?url=`), since another site's files rarely allow the browser to
 * read them (CORS).
 */
export async function fetchTranscriptText(
  api: ApiClient,
  url: string,
  signal?: AbortSignal,
): Promise<string> {
  const address = new URL(url, window.location.href);
  if (address.origin !== window.location.origin) {
    const blob = await api.download(`${REMOTE_TEXT_PATH}?url=${encodeURIComponent(address.href)}`, signal);
    return blob.text();
  }
  let answer: Response;
  try {
    answer = await fetch(address.href, signal ? { signal } : {});
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw apiErrorFromNetworkFailure(cause);
  }
  if (!answer.ok) throw apiErrorFromResponse(answer.status, undefined);
  return answer.text();
}
