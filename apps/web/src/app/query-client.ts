import { QueryCache, QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failed reads are logged once here; screens decide what (if anything) a person sees.
    queryCache: new QueryCache({
      onError: (error, query) => console.error('Request failed', query.queryKey, error),
    }),
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
    },
  });
}
