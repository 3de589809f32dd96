import type { AdminSummary } from '@tamaq/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getSummary = (signal?: AbortSignal) => api.get<AdminSummary>('/api/admin/summary', undefined, { signal });

export const summaryKey = ['admin', 'summary'] as const;
export const summaryQuery = queryOptions({ queryKey: summaryKey, queryFn: ({ signal }) => getSummary(signal) });

export const useSummary = () => useQuery(summaryQuery);
