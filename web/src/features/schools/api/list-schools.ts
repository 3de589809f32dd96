import type { SchoolList } from '@tamaq/contract/schools';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface SchoolsParams {
  query: string;
  limit: number;
  offset: number;
}

/** Every school query starts with this key (the selectors' options too), so a write refreshes them all. */
export const schoolsKey = ['schools'] as const;

export const listSchools = (params: SchoolsParams, signal?: AbortSignal) =>
  api.get<SchoolList>('/api/schools', { ...params }, { signal });

export const schoolsQuery = (params: SchoolsParams) =>
  queryOptions({
    queryKey: [...schoolsKey, 'list', params] as const,
    queryFn: ({ signal }) => listSchools(params, signal),
    // The next page or search keeps showing the old rows under the spinner instead of an empty table.
    placeholderData: keepPreviousData,
  });

export const useSchools = (params: SchoolsParams) => useQuery(schoolsQuery(params));
