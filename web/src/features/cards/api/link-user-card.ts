import type { Card, UserCardBody } from '@tamaq/contract/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardsKey } from './get-cards.ts';

export const linkUserCard = (body: UserCardBody) => api.post<Card>('/api/card/user', body);

export function useLinkUserCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUserCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
