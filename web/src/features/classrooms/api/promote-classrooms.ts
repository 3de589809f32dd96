import type { ClassroomPromote, ClassroomPromotion } from '@tamaq/contract/classrooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type Body = Pick<ClassroomPromote, 'schoolId' | 'lastGrade'> & { check: boolean; classroomIds?: number[] };

const promote = (body: Body) => api.post<ClassroomPromotion>('/api/classrooms/promote', body);

/** The plan of the move (nothing written). */
export const useCheckPromotion = () => useMutation({ mutationFn: promote });

/** The move itself: classes, pupils and every picker change, so everything cached reloads. */
export function usePromote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: promote, onSuccess: () => queryClient.invalidateQueries() });
}
