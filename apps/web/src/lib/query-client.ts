import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './is-api-error';

const MAX_QUERY_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; network failures (no answer) and 5xx may.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < MAX_QUERY_RETRIES,
      },
    },
  });
}
