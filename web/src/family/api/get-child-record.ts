import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** What the school holds about a child; read when the parent opens it. */
export const useChildRecord = (childId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['family', 'record', childId],
    queryFn: ({ signal }) => callEndpoint('family', 'record', { params: { id: childId } }, { signal }),
    enabled,
  });
