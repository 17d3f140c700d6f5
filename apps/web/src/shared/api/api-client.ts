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
}

/**
 * The one HTTP client for `/api`. Every request carries the current access token; every failure becomes an
 * `ApiError` whose message comes from the shared error catalogue.
 */
export function createApiClient(getAccessToken: () => string | undefined): ApiClient {
  async function request<T>(
    path: string,
    { method = 'GET', body, response, signal }: ApiRequest<T>,
  ): Promise<T> {
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

    const payload = await readJson(answer);
    if (!answer.ok) throw apiErrorFromResponse(answer.status, payload);
    const parsed = response.safeParse(payload);
    if (!parsed.success) throw apiErrorFromUnexpectedBody(answer.status, parsed.error.issues);
    return parsed.data;
  }

  return {
    request,
    get: (path, response, signal) => request(path, { response, ...(signal ? { signal } : {}) }),
  };
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
