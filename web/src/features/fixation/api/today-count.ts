import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** Every «Сегодня: N из M» query starts with this key: a scan, a live message or a delete refreshes it. */
export const todayCountKey = ['fixations-today'] as const;

/** Read again now and then anyway: visits recorded elsewhere, and the day turning over at midnight. */
export const TODAY_COUNT_REFRESH_MS = 30_000;

export const getTodayCount = (kind: 'school' | 'canteen', id: number, signal?: AbortSignal) =>
  kind === 'school'
    ? callEndpoint('fixations', 'schoolToday', { query: { schoolId: id } }, { signal })
    : callEndpoint('fixations', 'canteenToday', { query: { canteenId: id } }, { signal });

export const useTodayCount = (kind: 'school' | 'canteen', id: number | undefined) =>
  useQuery({
    queryKey: [...todayCountKey, kind, id] as const,
    queryFn: ({ signal }) => getTodayCount(kind, id!, signal),
    enabled: id !== undefined,
    refetchInterval: TODAY_COUNT_REFRESH_MS,
    staleTime: 0,
  });
