import type { FixationCategory } from '@tamaq/contract/fixation-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fixationCategoriesKey } from './list-fixation-categories.ts';

export const getFixationCategory = (id: number, signal?: AbortSignal) =>
  api.get<FixationCategory>(`/api/fixation/category/${id}`, undefined, { signal });

export const fixationCategoryQuery = (id: number) =>
  queryOptions({
    queryKey: [...fixationCategoriesKey, 'detail', id] as const,
    queryFn: ({ signal }) => getFixationCategory(id, signal),
  });

export const useFixationCategory = (id: number | null) =>
  useQuery({ ...fixationCategoryQuery(id ?? 0), enabled: id !== null });
