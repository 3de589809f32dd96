import type { MenuActivate } from '@tamaq/contract/menu-activations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { menusResource } from './menus-resource.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** docs/product.md "Calls" activation calls. A change refreshes the menus too: their "in use" mark follows. */
export const activationsKey = ['activatedMenus'] as const;

export interface ActivationListParams {
  schoolId: number | null;
  limit: number;
  offset: number;
}

export const useActivations = (params: ActivationListParams) =>
  useQuery({
    queryKey: [...activationsKey, params] as const,
    queryFn: ({ signal }) =>
      callEndpoint(
        'menu-activations',
        'list',
        { query: { schoolId: params.schoolId ?? undefined, limit: params.limit, offset: params.offset } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: activationsKey });
    await queryClient.invalidateQueries({ queryKey: menusResource.key });
  };
}

export function useActivate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: MenuActivate) => callEndpoint('menu-activations', 'activate', { body }),
    onSuccess: refresh,
  });
}

export function useDeactivate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callEndpoint('menu-activations', 'remove', { body: { id } }),
    onSuccess: refresh,
  });
}

/** The dates from `from` to `to` with the day of the activation's menu each serves by the school's calendar. */
export const useActivationDays = (id: number | null, from: string | null, to: string | null) =>
  useQuery({
    queryKey: [...activationsKey, 'days', id, from, to] as const,
    queryFn: ({ signal }) =>
      callEndpoint('menu-activations', 'days', { query: { id: id!, from: from!, to: to! } }, { signal }),
    enabled: id !== null && from !== null && to !== null,
  });
