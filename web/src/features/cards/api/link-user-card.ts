import type { UserCardBody } from '@tamaq/contract/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsKey } from './get-cards.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const linkUserCard = (body: UserCardBody) => callEndpoint('cards', 'give', { body });

export function useLinkUserCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUserCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
