import type { UserCards } from '@tamaq/contract/cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardsKey } from './get-cards.ts';

export const getUserCards = (userId: number, signal?: AbortSignal) =>
  api.get<UserCards>('/api/card/user', { userId }, { signal });

export const userCardsQuery = (userId: number) =>
  queryOptions({ queryKey: [...cardsKey, 'user', userId], queryFn: ({ signal }) => getUserCards(userId, signal) });

export const useUserCards = (userId: number) => useQuery(userCardsQuery(userId));
