import type { School } from '@tamaq/contract/schools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { schoolsKey } from './list-schools.ts';

export const getSchool = (id: number, signal?: AbortSignal) =>
  api.get<School>(`/api/school/${id}`, undefined, { signal });

export const schoolKey = (id: number) => [...schoolsKey, 'detail', id] as const;

export const schoolQuery = (id: number) =>
  queryOptions({ queryKey: schoolKey(id), queryFn: ({ signal }) => getSchool(id, signal) });

export const useSchool = (id: number | null) => useQuery({ ...schoolQuery(id ?? 0), enabled: id !== null });
