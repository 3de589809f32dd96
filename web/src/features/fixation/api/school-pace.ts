import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** Every pace query starts with this key: a scan, a live message or a delete refreshes it. */
export const schoolPaceKey = ['school-pace'] as const;

/** Read again this often anyway: the last minute empties itself while nobody scans. */
export const SCHOOL_PACE_REFRESH_MS = 10_000;

export const useSchoolPace = (schoolId: number | undefined) =>
  useQuery({
    queryKey: [...schoolPaceKey, schoolId] as const,
    queryFn: ({ signal }) => callEndpoint('fixations', 'schoolPace', { query: { schoolId: schoolId! } }, { signal }),
    enabled: schoolId !== undefined,
    refetchInterval: SCHOOL_PACE_REFRESH_MS,
    staleTime: 0,
  });
