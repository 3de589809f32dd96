import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export interface CardsParams {
  /** The super admin's organization; others always get their own. */
  organizationId?: number | undefined;
  query?: string | undefined;
  limit: number;
  offset: number;
}

/** Every card query starts with this key: a link, unlink or status change invalidates them all. */
export const cardsKey = ['cards'] as const;

export const getCards = (params: CardsParams, signal?: AbortSignal) =>
  callEndpoint('cards', 'list', { query: params }, { signal });

export const cardsQuery = (params: CardsParams) =>
  queryOptions({
    queryKey: [...cardsKey, 'list', params],
    queryFn: ({ signal }) => getCards(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCards = (params: CardsParams) => useQuery(cardsQuery(params));
