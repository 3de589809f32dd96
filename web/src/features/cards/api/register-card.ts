import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsKey } from './get-cards.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export interface RegisterCardBody {
  /** Only the super admin names it. */
  organizationId?: number;
  number: string;
}

/** Registers a number in the organization; a number it already has answers that card. */
export const registerCard = (body: RegisterCardBody) => callEndpoint('cards', 'link', { body });

export function useRegisterCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
