import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cardsKey } from './get-cards.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const searchCards = (number: string, signal?: AbortSignal) =>
  callEndpoint('cards', 'search', { query: { number } }, { signal });

export const cardSearchQuery = (number: string) =>
  queryOptions({
    queryKey: [...cardsKey, 'search', number],
    queryFn: ({ signal }) => searchCards(number, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** Suggestions for a normalised number start; nothing is asked for an empty one. */
export const useCardSearch = (number: string) => useQuery({ ...cardSearchQuery(number), enabled: number !== '' });
