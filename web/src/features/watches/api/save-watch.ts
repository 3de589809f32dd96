import type { Watch, WatchCreate, WatchUpdate } from '@tamaq/contract/watches';
import type { z } from '@tamaq/contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { watchesKey } from './list-watches.ts';

type CreateBody = z.input<typeof WatchCreate>;
type UpdateBody = z.input<typeof WatchUpdate>;

export const createWatch = (body: CreateBody) => api.post<Watch>('/api/watch', body);
export const updateWatch = (body: UpdateBody) => api.put<Watch>('/api/watch', body);

/** Creates (no id) or changes (with id) a watch, then refreshes every watch query. */
export function useSaveWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CreateBody & { id: number | null }) =>
      id === null ? createWatch(body) : updateWatch({ ...body, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchesKey }),
  });
}
