import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** docs/product.md "States": the categories active now, read again every 60 s while the screen is open. */
export const CURRENT_CATEGORIES_REFRESH_MS = 60_000;

/** With a school: its own meal times and the organization's common ones. */
export const getCurrentCategories = (schoolId?: number, signal?: AbortSignal) =>
  callEndpoint('fixation-categories', 'current', { query: { schoolId } }, { signal });

export const currentCategoriesQuery = (schoolId?: number) =>
  queryOptions({
    queryKey: ['fixation-categories', 'current', schoolId ?? null] as const,
    queryFn: ({ signal }) => getCurrentCategories(schoolId, signal),
    refetchInterval: CURRENT_CATEGORIES_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export const useCurrentCategories = (schoolId?: number) => useQuery(currentCategoriesQuery(schoolId));
