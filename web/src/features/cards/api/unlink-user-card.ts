import type { UserCardDeleteQuery } from '@tamaq/contract/cards';
import type { Ok } from '@tamaq/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardsKey } from './get-cards.ts';

export const unlinkUserCard = (query: UserCardDeleteQuery) => api.delete<Ok>('/api/card/user', { ...query });

export function useUnlinkUserCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkUserCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
