import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/api-error.js';

const MAX_RETRIES = 1;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failed reads are logged once here; screens decide what (if anything) a person sees.
    queryCache: new QueryCache({
      onError: (error, query) => console.error('Request failed', query.queryKey, error),
    }),
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on a second try; network trouble and 5xx might.
        retry: (failureCount, error) => failureCount < MAX_RETRIES && !isClientError(error),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500;
}
