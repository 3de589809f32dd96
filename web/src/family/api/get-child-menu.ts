import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** The menus of a child's school over a week. */
export const useChildMenu = (childId: number, dateFrom: string, dateTo: string) =>
  useQuery({
    queryKey: ['family', 'menu', childId, dateFrom, dateTo],
    queryFn: ({ signal }) =>
      callEndpoint('family', 'menu', { params: { id: childId }, query: { dateFrom, dateTo } }, { signal }),
    placeholderData: keepPreviousData,
  });
