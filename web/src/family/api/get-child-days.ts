import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { CHILDREN_REFRESH_MS } from './get-children.ts';

/**
 * A child's days of a period (a week or a month); a period holding today is read again as the
 * children's day is, so a meal recorded at the queue shows on its day too.
 */
export const useChildDays = (childId: number, dateFrom: string, dateTo: string, today: string) =>
  useQuery({
    queryKey: ['family', 'days', childId, dateFrom, dateTo],
    queryFn: ({ signal }) =>
      callEndpoint('family', 'days', { params: { id: childId }, query: { dateFrom, dateTo } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: dateFrom <= today && today <= dateTo ? CHILDREN_REFRESH_MS : false,
  });
