import type { CanteenManualSave } from '@tamaq/contract/manual-fixations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export interface CanteenManualParams {
  date: string;
  canteenId: number | null;
  /** The fixation category (a meal time); null is "all categories", which cannot be marked. */
  categoryId: number | null;
}

/** Every canteen manual list starts with this key: a save refreshes them all. */
export const canteenManualKey = ['manual-fixation', 'canteen'] as const;

/** The list needs a canteen, a date and a category (docs/product.md "Validation"). */
export const canteenManualReady = (p: CanteenManualParams): boolean =>
  p.canteenId !== null && p.categoryId !== null && p.date !== '';

export const getCanteenManual = (p: CanteenManualParams, signal?: AbortSignal) =>
  callEndpoint(
    'manual-fixations',
    'canteenList',
    { query: { date: p.date, canteen_id: p.canteenId ?? undefined, category_id: p.categoryId ?? undefined } },
    { signal },
  );

export const canteenManualQuery = (p: CanteenManualParams) =>
  queryOptions({
    queryKey: [...canteenManualKey, p] as const,
    queryFn: ({ signal }) => getCanteenManual(p, signal),
    enabled: canteenManualReady(p),
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useCanteenManual = (p: CanteenManualParams) => useQuery(canteenManualQuery(p));

export const saveCanteenManual = (body: CanteenManualSave) => callEndpoint('manual-fixations', 'canteenSave', { body });

export function useSaveCanteenManual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCanteenManual,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: canteenManualKey }),
  });
}
