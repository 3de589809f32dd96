import { queryOptions, useQuery } from '@tanstack/react-query';
import { schoolsResource } from '../schools-resource.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const getSchoolSettings = (id: number, signal?: AbortSignal) =>
  callEndpoint('schools', 'settings', { params: { id } }, { signal });

export const schoolSettingsQuery = (id: number) =>
  queryOptions({
    queryKey: [...schoolsResource.key, 'settings', id] as const,
    queryFn: ({ signal }) => getSchoolSettings(id, signal),
  });

export const useSchoolSettings = (id: number | null) =>
  useQuery({ ...schoolSettingsQuery(id ?? 0), enabled: id !== null });
