import type { BulkFoodCategory } from '@tamaq/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersKey } from './list-users.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const setFoodCategory = (body: BulkFoodCategory) => callEndpoint('users', 'setFoodCategory', { body });

/** Checks what a category would change (nothing written). */
export const useCheckFoodCategory = () => useMutation({ mutationFn: setFoodCategory });

/** Gives the category; the lists show it at once. */
export function useSetFoodCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFoodCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
