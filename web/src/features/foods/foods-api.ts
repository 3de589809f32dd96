import type { CookingLossBody, FoodCreate, FoodPriceBody, FoodUpdate } from '@tamaq/contract/foods';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** The foods' calls (docs/rules.md "Foods and nutrients", "Food prices and a dish's cost"). */
const foodsKey = ['foods'] as const;
/** A food or a price changed: the cards' and menus' figures and costs change too. */
const dependents = [['tech-card'], ['menu-figures'], ['menu-layout']] as const;

export const useFoods = (q: { query: string; limit: number; offset: number }) =>
  useQuery({
    queryKey: [...foodsKey, 'list', q],
    queryFn: ({ signal }) =>
      callEndpoint(
        'foods',
        'list',
        { query: { limit: q.limit, offset: q.offset, ...(q.query ? { query: q.query } : {}) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useFoodPrices = (id: number | null) =>
  useQuery({
    queryKey: [...foodsKey, 'prices', id],
    queryFn: ({ signal }) => callEndpoint('foods', 'prices', { params: { id: id! } }, { signal }),
    enabled: id !== null,
  });

function useFoodWrite<A, R>(write: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([foodsKey, ...dependents].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export const useSaveFood = () =>
  useFoodWrite((body: FoodCreate | FoodUpdate) =>
    'id' in body ? callEndpoint('foods', 'update', { body }) : callEndpoint('foods', 'create', { body }),
  );

export const useRemoveFood = () => useFoodWrite((id: number) => callEndpoint('foods', 'remove', { params: { id } }));

export const useSetPrice = () =>
  useFoodWrite(({ id, body }: { id: number; body: FoodPriceBody }) =>
    callEndpoint('foods', 'setPrice', { params: { id }, body }),
  );

export const useCookingLosses = () =>
  useQuery({
    queryKey: [...foodsKey, 'losses'],
    queryFn: ({ signal }) => callEndpoint('foods', 'losses', {}, { signal }),
  });

/** An own loss saved or given back: every card's figures follow. */
export const useSetCookingLoss = () =>
  useFoodWrite((body: CookingLossBody) => callEndpoint('foods', 'setLoss', { body }));
