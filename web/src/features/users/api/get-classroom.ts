import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const getClassroom = (id: number, signal?: AbortSignal) =>
  callEndpoint('classrooms', 'get', { params: { id } }, { signal });

/** The class of a class context (its name for the title, its school for the breadcrumb). */
export const classroomQuery = (id: number) =>
  queryOptions({
    queryKey: ['classrooms', 'detail', id] as const,
    queryFn: ({ signal }) => getClassroom(id, signal),
  });

export const useClassroom = (id: number | null) => useQuery({ ...classroomQuery(id ?? 0), enabled: id !== null });
