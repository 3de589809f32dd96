import type { FoodCategory } from '@tamaq/contract/food-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { foodCategoriesKey } from './list-food-categories.ts';

export const getFoodCategory = (id: number, signal?: AbortSignal) =>
  api.get<FoodCategory>(`/api/food/category/${id}`, undefined, { signal });

export const foodCategoryQuery = (id: number) =>
  queryOptions({
    queryKey: [...foodCategoriesKey, 'detail', id] as const,
    queryFn: ({ signal }) => getFoodCategory(id, signal),
  });

export const useFoodCategory = (id: number | null) => useQuery({ ...foodCategoryQuery(id ?? 0), enabled: id !== null });
