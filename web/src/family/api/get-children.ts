import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** How often the children's day is read again while the page is open: a meal shows within a minute. */
export const CHILDREN_REFRESH_MS = 30_000;

/** The parent's children with today's meals, read again while the page stays open. */
export const useChildren = () =>
  useQuery({
    queryKey: ['family', 'children'],
    queryFn: ({ signal }) => callEndpoint('family', 'children', {}, { signal }),
    refetchInterval: CHILDREN_REFRESH_MS,
  });
