import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const listFoodCategoryOptions = (signal?: AbortSignal) =>
  callEndpoint('food-categories', 'list', { query: { limit: 1000 } }, { signal });

/** The category picker of a pupil's form (class context). */
export const foodCategoryOptionsQuery = queryOptions({
  queryKey: ['food-categories', 'options'] as const,
  queryFn: ({ signal }) => listFoodCategoryOptions(signal),
  staleTime: 30_000,
});

export const useFoodCategoryOptions = (enabled: boolean) => useQuery({ ...foodCategoryOptionsQuery, enabled });
