import type { Ok } from '@tamaq/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fixationsKey } from './list-fixations.ts';
import { schoolFixationsKey } from './list-school-fixations.ts';

export const deleteFixation = (id: number) => api.delete<Ok>(`/api/fixation/${id}`);
export const deleteSchoolFixation = (id: number) => api.delete<Ok>(`/api/school/fixation/${id}`);

/** Deletes a canteen visit or a school one, then reloads that history. */
export function useDeleteFixation(kind: 'canteen' | 'school') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kind === 'canteen' ? deleteFixation : deleteSchoolFixation,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: kind === 'canteen' ? fixationsKey : schoolFixationsKey }),
  });
}
