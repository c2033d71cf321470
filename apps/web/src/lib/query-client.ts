import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './is-api-error';

const MAX_QUERY_RETRIES = 2;

/**
 * Query functions do not pass TanStack Query's AbortSignal on: a query that consumes it is cancelled when its screen
 * unmounts before the answer and sent again when it mounts (StrictMode mounts every screen twice in development),
 * so each read went out twice (issue 16 item 20). A superseded read's late answer is ignored anyway.
 */
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
