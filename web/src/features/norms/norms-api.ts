import type { MenuRulesInput } from '@tamaq/contract/menu-rules';
import type { NormSetCreate, NormSetUpdate } from '@tamaq/contract/norms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { refreshAfterWrite } from '../../lib/refresh.ts';

/** The norm sets' calls (docs/rules.md "Norm sets"). The menu's screen reads the same key. */
export const normSetsKey = ['norm-sets'] as const;
/** A set changed: the menus' checks against it change too. */
const menuFiguresKey = ['menu-figures'] as const;

export const useNormSets = () =>
  useQuery({
    queryKey: normSetsKey,
    queryFn: ({ signal }) => callEndpoint('norms', 'list', {}, { signal }),
  });

/** A set's kept versions, newest first; read again after each save of the set. */
export const useNormSetVersions = (id: number) =>
  useQuery({
    queryKey: [...normSetsKey, id, 'versions'] as const,
    queryFn: ({ signal }) => callEndpoint('norms', 'versions', { params: { id } }, { signal }),
  });

export const useNormTemplates = () =>
  useQuery({
    queryKey: ['norm-templates'] as const,
    queryFn: ({ signal }) => callEndpoint('norms', 'templates', {}, { signal }),
    staleTime: Infinity,
  });

export const useAgeGroups = () =>
  useQuery({
    queryKey: ['age-groups', 'all'] as const,
    queryFn: ({ signal }) => callEndpoint('age-groups', 'list', { query: { limit: 100 } }, { signal }),
  });

function useNormWrite<A>(write: (arg: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([
        refreshAfterWrite(queryClient, normSetsKey),
        queryClient.invalidateQueries({ queryKey: menuFiguresKey }),
      ]);
    },
  });
}

export const useSaveNormSet = () =>
  useNormWrite((body: NormSetCreate | NormSetUpdate) =>
    'id' in body ? callEndpoint('norms', 'update', { body }) : callEndpoint('norms', 'create', { body }),
  );

export const useNormFromTemplate = () =>
  useNormWrite((template: string) => callEndpoint('norms', 'fromTemplate', { body: { template } }));

export const useRemoveNormSet = () => useNormWrite((id: number) => callEndpoint('norms', 'remove', { params: { id } }));

export const useChooseNormSet = () =>
  useNormWrite((body: { school_id: number; norm_set_id: number | null }) => callEndpoint('norms', 'school', { body }));

const menuRulesKey = ['menu-rules'] as const;

export const useMenuRules = () =>
  useQuery({
    queryKey: menuRulesKey,
    queryFn: ({ signal }) => callEndpoint('menu-rules', 'get', {}, { signal }),
  });

export function useSaveMenuRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MenuRulesInput) => callEndpoint('menu-rules', 'save', { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(menuRulesKey, saved);
      await queryClient.invalidateQueries({ queryKey: menuFiguresKey });
    },
  });
}
