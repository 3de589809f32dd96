import type { FixationList } from '@tamaq/contract/fixations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface SchoolFixationsParams {
  schoolId: number | undefined;
  query?: string | undefined;
  limit: number;
  offset: number;
}

/** Every school list query starts with this key: a scan, a live message or a delete refreshes them. */
export const schoolFixationsKey = ['fixations', 'school'] as const;

export const listSchoolFixations = (params: SchoolFixationsParams, signal?: AbortSignal) =>
  api.get<FixationList>('/api/school/fixations', { ...params }, { signal });

export const schoolFixationsQuery = (params: SchoolFixationsParams) =>
  queryOptions({
    queryKey: [...schoolFixationsKey, params] as const,
    queryFn: ({ signal }) => listSchoolFixations(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useSchoolFixations = (params: SchoolFixationsParams) =>
  useQuery({ ...schoolFixationsQuery(params), enabled: params.schoolId !== undefined });
