import type { FoodCategoryList } from '@tamaq/contract/food-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const listFoodCategoryOptions = (signal?: AbortSignal) =>
  api.get<FoodCategoryList>('/api/food/categories', { limit: 1000 }, { signal });

/** The category picker of a pupil's form (class context). */
export const foodCategoryOptionsQuery = queryOptions({
  queryKey: ['food-categories', 'options'] as const,
  queryFn: ({ signal }) => listFoodCategoryOptions(signal),
  staleTime: 30_000,
});

export const useFoodCategoryOptions = (enabled: boolean) => useQuery({ ...foodCategoryOptionsQuery, enabled });
