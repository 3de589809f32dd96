import type { ClassroomList } from '@tamaq/contract/classrooms';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ClassroomsParams {
  schoolId: number | null;
  query: string;
  limit: number;
  offset: number;
}

/** Every classroom query starts with this key (the class selectors' options too). */
export const classroomsKey = ['classrooms'] as const;

export const listClassrooms = (params: ClassroomsParams, signal?: AbortSignal) =>
  api.get<ClassroomList>('/api/classrooms', { ...params }, { signal });

export const classroomsQuery = (params: ClassroomsParams) =>
  queryOptions({
    queryKey: [...classroomsKey, 'list', params] as const,
    queryFn: ({ signal }) => listClassrooms(params, signal),
    placeholderData: keepPreviousData,
    enabled: params.schoolId !== null,
  });

export const useClassrooms = (params: ClassroomsParams) => useQuery(classroomsQuery(params));
