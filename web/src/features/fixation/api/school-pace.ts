import type { SchoolPace } from '@tamaq/contract/fixations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every pace query starts with this key: a scan, a live message or a delete refreshes it. */
export const schoolPaceKey = ['school-pace'] as const;

/** Read again this often anyway: the last minute empties itself while nobody scans. */
export const SCHOOL_PACE_REFRESH_MS = 10_000;

export const useSchoolPace = (schoolId: number | undefined) =>
  useQuery({
    queryKey: [...schoolPaceKey, schoolId] as const,
    queryFn: ({ signal }) => api.get<SchoolPace>('/api/school/fixation/pace', { schoolId }, { signal }),
    enabled: schoolId !== undefined,
    refetchInterval: SCHOOL_PACE_REFRESH_MS,
    staleTime: 0,
  });
