import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export interface SchoolFixationsParams {
  schoolId: number | undefined;
  query?: string | undefined;
  limit: number;
  offset: number;
}

/** Every school list query starts with this key: a scan, a live message or a delete refreshes them. */
export const schoolFixationsKey = ['fixations', 'school'] as const;

export const listSchoolFixations = (params: SchoolFixationsParams, signal?: AbortSignal) =>
  callEndpoint('fixations', 'schoolList', { query: params }, { signal });

export const schoolFixationsQuery = (params: SchoolFixationsParams) =>
  queryOptions({
    queryKey: [...schoolFixationsKey, params] as const,
    queryFn: ({ signal }) => listSchoolFixations(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useSchoolFixations = (params: SchoolFixationsParams) =>
  useQuery({ ...schoolFixationsQuery(params), enabled: params.schoolId !== undefined });
