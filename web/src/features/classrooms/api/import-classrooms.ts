import { useQueryClient } from '@tanstack/react-query';
import { classroomsResource } from '../classrooms-resource.ts';
import { endpointPath } from '../../../lib/endpoint-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

/**
 * The import itself is sent by `ui/import-button.tsx` (multipart with a progress bar); this is its
 * address and what happens after it.
 */
export const importClassroomsUrl = (schoolId: number) => endpointPath('classrooms', 'upload', { query: { schoolId } });
/** Where the same file gets back its rows with a problem, with the reason. */
export const rejectedClassroomsUrl = (schoolId: number) =>
  endpointPath('classrooms', 'rejectedRows', { query: { schoolId } });

export function useClassroomsImported() {
  const queryClient = useQueryClient();
  return () => void refreshAfterWrite(queryClient, classroomsResource.key);
}
