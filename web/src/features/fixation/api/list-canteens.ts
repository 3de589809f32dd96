import type { CanteenList } from '@tamaq/contract/canteens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every canteen the user may scan in, for the picker (an organization has a handful). */
export const listScanCanteens = (signal?: AbortSignal) =>
  api.get<CanteenList>('/api/canteens', { limit: 1000, offset: 0 }, { signal });

export const scanCanteensQuery = () =>
  queryOptions({
    queryKey: ['canteens', 'scan-options'] as const,
    queryFn: ({ signal }) => listScanCanteens(signal),
    staleTime: 5 * 60_000,
  });

export const useScanCanteens = () => useQuery(scanCanteensQuery());
