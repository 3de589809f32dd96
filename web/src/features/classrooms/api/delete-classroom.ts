import type { Ok } from '@tamaq/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { classroomsKey } from './list-classrooms.ts';

export const deleteClassroom = (id: number) => api.delete<Ok>(`/api/classroom/${id}`);

export function useDeleteClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClassroom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomsKey }),
  });
}
