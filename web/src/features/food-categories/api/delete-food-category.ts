import type { Ok } from '@tamaq/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { foodCategoriesKey } from './list-food-categories.ts';

export const deleteFoodCategory = (id: number) => api.delete<Ok>(`/api/food/category/${id}`);

/** Refused (409) while pupils hold the category: the list shows the server's reason. */
export function useDeleteFoodCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFoodCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foodCategoriesKey }),
  });
}
