import type { ClassroomPromote } from '@tamaq/contract/classrooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

type Body = Pick<ClassroomPromote, 'schoolId' | 'lastGrade'> & { check: boolean; classroomIds?: number[] };

const promote = (body: Body) => callEndpoint('classrooms', 'promote', { body });

/** The plan of the move (nothing written). */
export const useCheckPromotion = () => useMutation({ mutationFn: promote });

/** The move itself: classes, pupils and every picker change, so everything cached reloads. */
export function usePromote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: promote, onSuccess: () => queryClient.invalidateQueries() });
}
