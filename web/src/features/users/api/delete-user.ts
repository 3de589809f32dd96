import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersKey } from './list-users.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const deleteUser = (id: number) => callEndpoint('users', 'remove', { params: { id } });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
