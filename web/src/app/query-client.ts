import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

const MAX_RETRIES = 2;

/**
 * A 4xx answer will not change on a retry (bad input, no rights, not found, rate limit), so only
 * network failures and 5xx answers are retried, and only a couple of times.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        // Staff switch between the back office and other windows all day; refetching every list
        // on each focus would only make tables jump.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
