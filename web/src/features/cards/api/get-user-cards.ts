import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardsKey } from './get-cards.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const getUserCards = (userId: number, signal?: AbortSignal) =>
  callEndpoint('cards', 'ofUser', { query: { userId } }, { signal });

export const userCardsQuery = (userId: number) =>
  queryOptions({ queryKey: [...cardsKey, 'user', userId], queryFn: ({ signal }) => getUserCards(userId, signal) });

export const useUserCards = (userId: number) => useQuery(userCardsQuery(userId));
