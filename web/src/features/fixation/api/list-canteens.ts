import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** Every canteen the user may scan in, for the picker (an organization has a handful). */
export const listScanCanteens = (signal?: AbortSignal) =>
  callEndpoint('canteens', 'list', { query: { limit: 1000, offset: 0 } }, { signal });

export const scanCanteensQuery = () =>
  queryOptions({
    queryKey: ['canteens', 'scan-options'] as const,
    queryFn: ({ signal }) => listScanCanteens(signal),
    staleTime: 5 * 60_000,
  });

export const useScanCanteens = () => useQuery(scanCanteensQuery());
