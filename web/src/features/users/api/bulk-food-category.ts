import type { BulkFoodCategory, BulkFoodCategoryResult } from '@tamaq/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usersKey } from './list-users.ts';

export const setFoodCategory = (body: BulkFoodCategory) =>
  api.post<BulkFoodCategoryResult>('/api/users/food-category', body);

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
