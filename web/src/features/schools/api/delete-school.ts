import type { Ok } from '@tamaq/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { schoolsKey } from './list-schools.ts';

export const deleteSchool = (id: number) => api.delete<Ok>(`/api/school/${id}`);

export function useDeleteSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
