import type { Ok } from '@tamaq/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fixationCategoriesKey } from './list-fixation-categories.ts';

export const deleteFixationCategory = (id: number) => api.delete<Ok>(`/api/fixation/category/${id}`);

export function useDeleteFixationCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFixationCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fixationCategoriesKey }),
  });
}
