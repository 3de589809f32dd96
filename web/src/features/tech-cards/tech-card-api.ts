import type { TechCardBody } from '@tamaq/contract/tech-cards';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** A dish's card calls (docs/rules.md "Technological cards and a dish's figures"). */
export const techCardKey = (dishId: number) => ['tech-cards', dishId] as const;

export const useDish = (id: number) =>
  useQuery({
    queryKey: ['dishes', 'one', id] as const,
    queryFn: ({ signal }) => callEndpoint('dishes', 'get', { params: { id } }, { signal }),
  });

/** The card valid on `date` (today when null), with every version. */
export const useTechCard = (dishId: number, date: string | null) =>
  useQuery({
    queryKey: [...techCardKey(dishId), date] as const,
    queryFn: ({ signal }) =>
      callEndpoint('tech-cards', 'get', { params: { id: dishId }, query: { date: date ?? undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The organization's age groups, youngest first: a portion is given for each. */
export const useAgeGroups = () =>
  useQuery({
    queryKey: ['age-groups', 'all'] as const,
    queryFn: ({ signal }) => callEndpoint('age-groups', 'list', { query: { limit: 100 } }, { signal }),
  });

/** Foods whose names hold the typed words (any of the three languages, typos forgiven). */
export const useFoodSearch = (query: string) =>
  useQuery({
    queryKey: ['foods', query] as const,
    queryFn: ({ signal }) => callEndpoint('foods', 'list', { query: { query, limit: 30 } }, { signal }),
    enabled: query.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useSaveTechCard(dishId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TechCardBody) => callEndpoint('tech-cards', 'save', { params: { id: dishId }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: techCardKey(dishId) });
    },
  });
}
