import type { User, UserCreate, UserUpdate } from '@tamaq/contract/users';
import type { z } from '@tamaq/contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usersKey } from './list-users.ts';

/** What the form sends: absent fields are not sent (on an update they keep their value). */
export type UserBody = z.input<typeof UserCreate>;

export const createUser = (body: UserBody) => api.post<User>('/api/user', body);
export const updateUser = (body: Partial<UserBody> & Pick<UserUpdate, 'id'>) => api.put<User>('/api/user', body);

/** Creates (no id) or updates (with id) a user, then refreshes every user list and form. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UserBody & { id: number | null }) =>
      id === null ? createUser(body) : updateUser({ ...body, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
