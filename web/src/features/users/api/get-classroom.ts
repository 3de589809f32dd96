import type { Classroom } from '@tamaq/contract/classrooms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getClassroom = (id: number, signal?: AbortSignal) =>
  api.get<Classroom>(`/api/classroom/${id}`, undefined, { signal });

/** The class of a class context (its name for the title, its school for the breadcrumb). */
export const classroomQuery = (id: number) =>
  queryOptions({
    queryKey: ['classrooms', 'detail', id] as const,
    queryFn: ({ signal }) => getClassroom(id, signal),
  });

export const useClassroom = (id: number | null) => useQuery({ ...classroomQuery(id ?? 0), enabled: id !== null });
