import { MAX_PAGE_SIZE } from '@tamaq/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint-client.ts';

/** The pickers of several screens (manual fixation, reports): every option in one call (an organization has a handful of each). */
const all = { limit: MAX_PAGE_SIZE };

export const foodCategoryOptionsQuery = () =>
  queryOptions({
    queryKey: ['food-categories', 'options'] as const,
    queryFn: ({ signal }) => callEndpoint('food-categories', 'list', { query: all }, { signal }),
    staleTime: 60_000,
  });

export const canteenOptionsQuery = () =>
  queryOptions({
    queryKey: ['canteens', 'options'] as const,
    queryFn: ({ signal }) => callEndpoint('canteens', 'list', { query: all }, { signal }),
    staleTime: 60_000,
  });

export const fixationCategoryOptionsQuery = () =>
  queryOptions({
    queryKey: ['fixation-categories', 'options'] as const,
    queryFn: ({ signal }) => callEndpoint('fixation-categories', 'list', { query: all }, { signal }),
    staleTime: 60_000,
  });

export const useFoodCategoryOptions = () => useQuery(foodCategoryOptionsQuery());
export const useCanteenOptions = () => useQuery(canteenOptionsQuery());
/** `enabled` false: not asked (a canteen's cashier may not read the list). */
export const useFixationCategoryOptions = (enabled = true) => useQuery({ ...fixationCategoryOptionsQuery(), enabled });
