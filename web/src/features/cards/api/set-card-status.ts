import type { CardStatusBody } from '@tamaq/contract/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsKey } from './get-cards.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const setCardStatus = (body: CardStatusBody) => callEndpoint('cards', 'status', { body });

export function useSetCardStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCardStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
