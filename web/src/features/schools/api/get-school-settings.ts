import type { SchoolSettings } from '@tamaq/contract/schools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { schoolsResource } from '../schools-resource.ts';

export const getSchoolSettings = (id: number, signal?: AbortSignal) =>
  api.get<SchoolSettings>(`/api/school/${id}/settings`, undefined, { signal });

export const schoolSettingsQuery = (id: number) =>
  queryOptions({
    queryKey: [...schoolsResource.key, 'settings', id] as const,
    queryFn: ({ signal }) => getSchoolSettings(id, signal),
  });

export const useSchoolSettings = (id: number | null) =>
  useQuery({ ...schoolSettingsQuery(id ?? 0), enabled: id !== null });
