import type { FixationList } from '@tamaq/contract/fixations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fixationsKey } from './list-fixations.ts';
import { schoolFixationsKey } from './list-school-fixations.ts';
import { todayCountKey } from './today-count.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const deleteFixation = (id: number) => callEndpoint('fixations', 'remove', { params: { id } });
export const deleteSchoolFixation = (id: number) => callEndpoint('fixations', 'schoolRemove', { params: { id } });

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
