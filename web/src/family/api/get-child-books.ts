import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** A child's books on hand and returned. */
export const useChildBooks = (childId: number) =>
  useQuery({
    queryKey: ['family', 'books', childId],
    queryFn: ({ signal }) => callEndpoint('family', 'books', { params: { id: childId } }, { signal }),
  });
