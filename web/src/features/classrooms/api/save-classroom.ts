import type { Classroom, ClassroomCreate, ClassroomUpdate } from '@tamaq/contract/classrooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { classroomsKey } from './list-classrooms.ts';

export const createClassroom = (body: ClassroomCreate) => api.post<Classroom>('/api/classroom', body);
export const updateClassroom = (body: ClassroomUpdate) => api.put<Classroom>('/api/classroom', body);

/** Creates (no id) or renames (with id) a class, then refreshes every class list and selector. */
export function useSaveClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ClassroomCreate & { id: number | null }) =>
      id === null ? createClassroom(body) : updateClassroom({ ...body, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomsKey }),
  });
}
