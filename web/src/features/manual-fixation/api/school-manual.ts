import type { SchoolManualSave } from '@tamaq/contract/manual-fixations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export interface SchoolManualParams {
  date: string;
  schoolId: number | null;
  classroomId: number | null;
  /** The pupils' food category. */
  categoryId: number | null;
}

/** Every school manual list starts with this key: a save refreshes them all. */
export const schoolManualKey = ['manual-fixation', 'school'] as const;

/** The list needs a school and a class or a food category (docs/product.md "Validation"). */
export const schoolManualReady = (p: SchoolManualParams): boolean =>
  p.schoolId !== null && p.date !== '' && (p.classroomId !== null || p.categoryId !== null);

export const getSchoolManual = (p: SchoolManualParams, signal?: AbortSignal) =>
  callEndpoint(
    'manual-fixations',
    'schoolList',
    {
      query: {
        date: p.date,
        school_id: p.schoolId ?? undefined,
        classroom_id: p.classroomId ?? undefined,
        category_id: p.categoryId ?? undefined,
      },
    },
    { signal },
  );

export const schoolManualQuery = (p: SchoolManualParams) =>
  queryOptions({
    queryKey: [...schoolManualKey, p] as const,
    queryFn: ({ signal }) => getSchoolManual(p, signal),
    enabled: schoolManualReady(p),
    // A list someone is marking must not change under their hands when the window regains focus.
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useSchoolManual = (p: SchoolManualParams) => useQuery(schoolManualQuery(p));

export const saveSchoolManual = (body: SchoolManualSave) => callEndpoint('manual-fixations', 'schoolSave', { body });

/** Saves the marked set, then waits for the list to reload, so the screen never shows stale marks. */
export function useSaveSchoolManual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchoolManual,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolManualKey }),
  });
}
