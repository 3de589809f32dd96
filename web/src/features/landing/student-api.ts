import type { RatingBody } from '@tamaq/contract/family';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

const TODAY_KEY = ['student', 'today'] as const;

/** The pupil's own day: where, and today's meals with the pupil's rating; read again every 30 s. */
export const useStudentToday = () =>
  useQuery({
    queryKey: TODAY_KEY,
    queryFn: ({ signal }) => callEndpoint('family', 'studentToday', {}, { signal }),
    refetchInterval: 30_000,
  });

/** Rates one of the pupil's meals of today; the day is read again to show it. */
export const useRateOwnMeal = (mealId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingBody) => callEndpoint('family', 'studentRate', { params: { mealId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: TODAY_KEY }),
  });
};
