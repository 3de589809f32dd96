import type { Ok } from '@tamaq/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { canteensKey } from './list-canteens.ts';

export const deleteCanteen = (id: number) => api.delete<Ok>(`/api/canteen/${id}`);

export function useDeleteCanteen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCanteen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: canteensKey }),
  });
}
