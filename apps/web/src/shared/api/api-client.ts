import type { z } from 'zod';
import { apiErrorFromNetworkFailure, apiErrorFromResponse, apiErrorFromUnexpectedBody } from './api-error.js';

export const API_BASE_PATH = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates the answer; use `z.void()` for calls that answer nothing. */
  response: z.ZodType<T>;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, request: ApiRequest<T>): Promise<T>;
  get<T>(path: string, response: z.ZodType<T>, signal?: AbortSignal): Promise<T>;
  /** Fetches a file (`GET`) rather than JSON to read; failures become `ApiError`s as for `request`. */
  download(path: string, signal?: AbortSignal): Promise<Blob>;
  /**
   * Sends a request whose answer is a file (an export made from a JSON body): its bytes, and the name the server gave
   * it in `Content-Disposition` (null without one). Failures become `ApiError`s as for `request`.
   */
  downloadFile(
    path: string,
    request?: { method?: HttpMethod; body?: unknown; signal?: AbortSignal },
  ): Promise<DownloadedFile>;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * The one HTTP client for `/api`. Every request carries the current access token; every failure becomes an
 * `ApiError` whose message comes from the shared error catalogue.
 */
export function createApiClient(getAccessToken: () => string | undefined): ApiClient {
  /** Sends a request and answers the successful response; a network failure or an error status throws. */
  async function send(
    path: string,
    { method = 'GET', body, signal }: { method?: HttpMethod; body?: unknown; signal?: AbortSignal },
  ): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json' });
    const accessToken = getAccessToken();
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    if (body !== undefined) headers.set('Content-Type', 'application/json');

    let answer: Response;
    try {
      answer = await fetch(`${API_BASE_PATH}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw apiErrorFromNetworkFailure(cause);
    }

    if (!answer.ok) throw apiErrorFromResponse(answer.status, await readJson(answer));
    return answer;
  }

  async function request<T>(
    path: string,
    { method = 'GET', body, response, signal }: ApiRequest<T>,
  ): Promise<T> {
    const answer = await send(path, { method, body, ...(signal ? { signal } : {}) });
    const payload = await readJson(answer);
    const parsed = response.safeParse(payload);
    if (!parsed.success) throw apiErrorFromUnexpectedBody(answer.status, parsed.error.issues);
    return parsed.data;
  }

  return {
    request,
    get: (path, response, signal) => request(path, { response, ...(signal ? { signal } : {}) }),
    download: async (path, signal) => (await send(path, signal ? { signal } : {})).blob(),
    downloadFile: async (path, options = {}) => {
      const answer = await send(path, options);
      return { blob: await answer.blob(), fileName: fileNameOf(answer.headers.get('Content-Disposition')) };
    },
  };
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header (RFC 6266), without any path. */
function fileNameOf(disposition: string | null): string | null {
  const name = /filename="([^"]*)"|filename=([^;\s]+)/i.exec(disposition ?? '');
  const value = name?.[1] ?? name?.[2];
  return value ? (value.split(/[\\/]/).pop() ?? null) : null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
