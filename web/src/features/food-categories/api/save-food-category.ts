import type { FoodCategory, FoodCategoryCreate, FoodCategoryUpdate } from '@tamaq/contract/food-categories';
import type { z } from '@tamaq/contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { foodCategoriesKey } from './list-food-categories.ts';

type CreateBody = z.input<typeof FoodCategoryCreate>;
type UpdateBody = z.input<typeof FoodCategoryUpdate>;

export const createFoodCategory = (body: CreateBody) => api.post<FoodCategory>('/api/food/category', body);
export const updateFoodCategory = (body: UpdateBody) => api.put<FoodCategory>('/api/food/category', body);

/**
 * Creates (no id) or changes (with id) a category, then refreshes every category query. A type
 * change also moves pupils' social-wallet dates on the server, so pupil lists are refreshed too.
 */
export function useSaveFoodCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CreateBody & { id: number | null }) =>
      id === null ? createFoodCategory(body) : updateFoodCategory({ ...body, id }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: foodCategoriesKey });
      // The users feature's key (features do not import each other).
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
