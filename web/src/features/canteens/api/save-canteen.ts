import type { Canteen, CanteenCreate, CanteenUpdate } from '@tamaq/contract/canteens';
import type { z } from '@tamaq/contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { canteensKey } from './list-canteens.ts';

type CreateBody = z.input<typeof CanteenCreate>;
type UpdateBody = z.input<typeof CanteenUpdate>;

export const createCanteen = (body: CreateBody) => api.post<Canteen>('/api/canteen', body);
export const updateCanteen = (body: UpdateBody) => api.put<Canteen>('/api/canteen', body);

/** Creates (no id) or changes (with id) a canteen, then refreshes every canteen query. */
export function useSaveCanteen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CreateBody & { id: number | null }) =>
      id === null ? createCanteen(body) : updateCanteen({ ...body, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: canteensKey }),
  });
}
