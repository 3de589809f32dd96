import type {
  FixationCategory,
  FixationCategoryCreate,
  FixationCategoryUpdate,
} from '@tamaq/contract/fixation-categories';
import type { z } from '@tamaq/contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fixationCategoriesKey } from './list-fixation-categories.ts';

type CreateBody = z.input<typeof FixationCategoryCreate>;
type UpdateBody = z.input<typeof FixationCategoryUpdate>;

export const createFixationCategory = (body: CreateBody) => api.post<FixationCategory>('/api/fixation/category', body);
export const updateFixationCategory = (body: UpdateBody) => api.put<FixationCategory>('/api/fixation/category', body);

/** Creates (no id) or changes (with id) a category, then refreshes every category query. */
export function useSaveFixationCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CreateBody & { id: number | null }) =>
      id === null ? createFixationCategory(body) : updateFixationCategory({ ...body, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fixationCategoriesKey }),
  });
}
