import type { Ok } from '@tamaq/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { watchesKey } from './list-watches.ts';

export const deleteWatch = (id: number) => api.delete<Ok>(`/api/watch/${id}`);

/** Refused (409) while the watch is assigned to someone: the list shows the server's reason. */
export function useDeleteWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchesKey }),
  });
}
