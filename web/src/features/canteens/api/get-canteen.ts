import type { Canteen } from '@tamaq/contract/canteens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { canteensKey } from './list-canteens.ts';

export const getCanteen = (id: number, signal?: AbortSignal) =>
  api.get<Canteen>(`/api/canteen/${id}`, undefined, { signal });

export const canteenQuery = (id: number) =>
  queryOptions({ queryKey: [...canteensKey, 'detail', id] as const, queryFn: ({ signal }) => getCanteen(id, signal) });

export const useCanteen = (id: number | null) => useQuery({ ...canteenQuery(id ?? 0), enabled: id !== null });
