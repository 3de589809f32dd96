import type { Watch } from '@tamaq/contract/watches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { watchesKey } from './list-watches.ts';

export const getWatch = (id: number, signal?: AbortSignal) => api.get<Watch>(`/api/watch/${id}`, undefined, { signal });

export const watchQuery = (id: number) =>
  queryOptions({ queryKey: [...watchesKey, 'detail', id] as const, queryFn: ({ signal }) => getWatch(id, signal) });

export const useWatch = (id: number | null) => useQuery({ ...watchQuery(id ?? 0), enabled: id !== null });
