import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** docs/product.md "States": the categories active now, read again every 60 s while the screen is open. */
export const CURRENT_CATEGORIES_REFRESH_MS = 60_000;

export const getCurrentCategories = (signal?: AbortSignal) =>
  callEndpoint('fixation-categories', 'current', {}, { signal });

export const currentCategoriesQuery = () =>
  queryOptions({
    queryKey: ['fixation-categories', 'current'] as const,
    queryFn: ({ signal }) => getCurrentCategories(signal),
    refetchInterval: CURRENT_CATEGORIES_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export const useCurrentCategories = () => useQuery(currentCategoriesQuery());
