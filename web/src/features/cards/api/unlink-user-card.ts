import type { UserCardDeleteQuery } from '@tamaq/contract/cards';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsKey } from './get-cards.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const unlinkUserCard = (query: UserCardDeleteQuery) => callEndpoint('cards', 'take', { query });

export function useUnlinkUserCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkUserCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
