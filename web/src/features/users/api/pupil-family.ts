import type { ChildRestrictions, PupilFamily } from '@tamaq/contract/family';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

const key = (pupilId: number) => ['pupil-family', pupilId];

/** A pupil's restrictions and linked parents, as the school sees them. */
export const usePupilFamily = (pupilId: number) =>
  useQuery({
    queryKey: key(pupilId),
    queryFn: ({ signal }) => callEndpoint('family', 'pupil', { params: { id: pupilId } }, { signal }),
  });

/** Marks the restrictions confirmed by a medical certificate, or not. */
export const useConfirmRestrictions = (pupilId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirmed: boolean) =>
      callEndpoint('family', 'confirmRestrictions', { params: { id: pupilId }, body: { confirmed } }),
    onSuccess: (restrictions: ChildRestrictions) =>
      client.setQueryData(key(pupilId), (old: PupilFamily | undefined) => old && { ...old, restrictions }),
  });
};

/** Takes a parent's link to the pupil away. */
export const useUnlinkParent = (pupilId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (parentId: number) => callEndpoint('family', 'unlinkParent', { params: { id: pupilId, parentId } }),
    onSuccess: (family: PupilFamily) => client.setQueryData(key(pupilId), family),
  });
};
