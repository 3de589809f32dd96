import type { School, SchoolCreate, SchoolUpdate } from '@tamaq/contract/schools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { schoolsKey } from './list-schools.ts';

/** What the form sends: the contract's body before its defaults and transforms. */
export type SchoolBody = Omit<SchoolCreate, 'organization_id'>;

export const createSchool = (body: SchoolBody) => api.post<School>('/api/school', body);
export const updateSchool = (body: Omit<SchoolUpdate, 'organization_id'>) => api.put<School>('/api/school', body);

/** Creates (no id) or updates (with id) a school, then refreshes every school list and selector. */
export function useSaveSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SchoolBody & { id: number | null }) =>
      id === null ? createSchool(body) : updateSchool({ ...body, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
