import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const getSummary = (signal?: AbortSignal) => callEndpoint('admin', 'summary', {}, { signal });

export const summaryKey = ['admin', 'summary'] as const;
export const summaryQuery = queryOptions({ queryKey: summaryKey, queryFn: ({ signal }) => getSummary(signal) });

export const useSummary = () => useQuery(summaryQuery);
