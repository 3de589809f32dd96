import type { CalendarEntryCreate, CalendarEntryUpdate, CalendarWeek } from '@tamaq/contract/calendar';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/**
 * The school's year calls (docs/rules.md "The school's year"). A change refreshes the year; a menu's
 * print reads its days afresh each time it opens.
 */
export const calendarKey = ['calendar'] as const;

export const useCalendarYear = (year: number, schoolId: number | null) =>
  useQuery({
    queryKey: [...calendarKey, year, schoolId] as const,
    queryFn: ({ signal }) =>
      callEndpoint('calendar', 'year', { query: { year, schoolId: schoolId ?? undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: calendarKey });
  };
}

export function useSaveEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CalendarEntryCreate | CalendarEntryUpdate) =>
      'id' in body ? callEndpoint('calendar', 'update', { body }) : callEndpoint('calendar', 'create', { body }),
    onSuccess: refresh,
  });
}

export function useRemoveEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callEndpoint('calendar', 'remove', { params: { id } }),
    onSuccess: refresh,
  });
}

export function useSaveWeek() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CalendarWeek) => callEndpoint('calendar', 'week', { body }),
    onSuccess: refresh,
  });
}
