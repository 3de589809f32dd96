import type { Card } from '@tamaq/contract/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardsKey } from './get-cards.ts';

export interface RegisterCardBody {
  /** Only the super admin names it. */
  organizationId?: number;
  number: string;
}

/** Registers a number in the organization; a number it already has answers that card. */
export const registerCard = (body: RegisterCardBody) => api.post<Card>('/api/card/link', body);

export function useRegisterCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
