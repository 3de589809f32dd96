import type { FoodCategoryList } from '@tamaq/contract/food-categories';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface FoodCategoriesParams {
  query: string;
  limit: number;
  offset: number;
}

/** Every food category query starts with this key: saves and deletes refresh them all. */
export const foodCategoriesKey = ['food-categories'] as const;

export const listFoodCategories = (params: FoodCategoriesParams, signal?: AbortSignal) =>
  api.get<FoodCategoryList>('/api/food/categories', { ...params }, { signal });

export const foodCategoriesQuery = (params: FoodCategoriesParams) =>
  queryOptions({
    queryKey: [...foodCategoriesKey, 'list', params] as const,
    queryFn: ({ signal }) => listFoodCategories(params, signal),
    placeholderData: keepPreviousData,
  });

export const useFoodCategories = (params: FoodCategoriesParams) => useQuery(foodCategoriesQuery(params));
