import type { Card, CardStatusBody } from '@tamaq/contract/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardsKey } from './get-cards.ts';

export const setCardStatus = (body: CardStatusBody) => api.post<Card>('/api/card/status', body);

export function useSetCardStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCardStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
