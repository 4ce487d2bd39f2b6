import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

/** A client error (4xx) will not change by asking again; anything else gets two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The catalogue is served with max-age=30; refetching sooner gains nothing.
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * The id of the JSON script element in which a page rendered on the server carries its
 * dehydrated query cache (web/src/server/render.tsx), for the browser to start from.
 */
export const QUERY_STATE_ELEMENT_ID = 'query-state';
