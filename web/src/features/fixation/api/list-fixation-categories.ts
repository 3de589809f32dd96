import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** All meal times of the organization, for the admin's category picker. */
export const listFixationCategoryOptions = (signal?: AbortSignal) =>
  callEndpoint('fixation-categories', 'list', { query: { limit: 1000, offset: 0 } }, { signal });

export const fixationCategoryOptionsQuery = () =>
  queryOptions({
    queryKey: ['fixation-categories', 'options'] as const,
    queryFn: ({ signal }) => listFixationCategoryOptions(signal),
    staleTime: 60_000,
  });

/** Only the admin may choose a category (docs/product.md "Roles"): nobody else asks. */
export const useFixationCategoryOptions = (enabled: boolean) =>
  useQuery({ ...fixationCategoryOptionsQuery(), enabled });
