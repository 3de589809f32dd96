import type { Ok } from '@tamaq/contract/common';
import type { FixationList } from '@tamaq/contract/fixations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fixationsKey } from './list-fixations.ts';
import { schoolFixationsKey } from './list-school-fixations.ts';
import { todayCountKey } from './today-count.ts';

export const deleteFixation = (id: number) => api.delete<Ok>(`/api/fixation/${id}`);
export const deleteSchoolFixation = (id: number) => api.delete<Ok>(`/api/school/fixation/${id}`);

/**
 * Deletes a canteen visit or a school one. The row leaves the shown pages at once and the history
 * reloads in the background: on a busy school list the reload can take seconds, and the person who
 * confirmed the delete should not wait for it.
 */
export function useDeleteFixation(kind: 'canteen' | 'school') {
  const queryClient = useQueryClient();
  const queryKey = kind === 'canteen' ? fixationsKey : schoolFixationsKey;
  return useMutation({
    mutationFn: kind === 'canteen' ? deleteFixation : deleteSchoolFixation,
    onSuccess: (_ok, id) => {
      queryClient.setQueriesData<FixationList>({ queryKey }, (list) =>
        list && list.rows.some((r) => r.id === id)
          ? { total: Math.max(0, list.total - 1), rows: list.rows.filter((r) => r.id !== id) }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: todayCountKey });
    },
  });
}
