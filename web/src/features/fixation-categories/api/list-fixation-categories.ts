import type { FixationCategoryList } from '@tamaq/contract/fixation-categories';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface FixationCategoriesParams {
  query: string;
  limit: number;
  offset: number;
}

/** Every fixation category query starts with this key: saves and deletes refresh them all. */
export const fixationCategoriesKey = ['fixation-categories'] as const;

export const listFixationCategories = (params: FixationCategoriesParams, signal?: AbortSignal) =>
  api.get<FixationCategoryList>('/api/fixation/categories', { ...params }, { signal });

export const fixationCategoriesQuery = (params: FixationCategoriesParams) =>
  queryOptions({
    queryKey: [...fixationCategoriesKey, 'list', params] as const,
    queryFn: ({ signal }) => listFixationCategories(params, signal),
    placeholderData: keepPreviousData,
  });

export const useFixationCategories = (params: FixationCategoriesParams) => useQuery(fixationCategoriesQuery(params));
