import type { ChildRestrictions, RestrictionsBody } from '@tamaq/contract/family';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

const key = (childId: number) => ['family', 'restrictions', childId];

/** A child's food restrictions. */
export const useChildRestrictions = (childId: number) =>
  useQuery({
    queryKey: key(childId),
    queryFn: ({ signal }) => callEndpoint('family', 'restrictions', { params: { id: childId } }, { signal }),
  });

/** Sets them; the answer is what the school now sees. */
export const useSetChildRestrictions = (childId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RestrictionsBody) =>
      callEndpoint('family', 'setRestrictions', { params: { id: childId }, body }),
    onSuccess: (saved: ChildRestrictions) => client.setQueryData(key(childId), saved),
  });
};
