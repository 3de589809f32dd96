import type { RatingBody } from '@tamaq/contract/family';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** Rates a meal of the child; the children's day is read again to show it. */
export const useRateMeal = (childId: number, mealId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingBody) => callEndpoint('family', 'rate', { params: { id: childId, mealId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['family', 'children'] }),
  });
};
