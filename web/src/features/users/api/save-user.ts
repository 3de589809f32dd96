import type { UserCreate, UserUpdate } from '@tamaq/contract/users';
import type { z } from '@tamaq/contract/zod';
import { HEADERS } from '@tamaq/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { newRequestKey } from '../../../lib/request-key.ts';
import { usersKey } from './list-users.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** What the form sends: absent fields are not sent (on an update they keep their value). */
export type UserBody = z.input<typeof UserCreate>;

/** `key` makes a retry of the same create (its answer lost) give back the user the first one made. */
export const createUser = (body: UserBody, key: string) =>
  callEndpoint('users', 'create', { body }, { headers: { [HEADERS.idempotency]: key } });
export const updateUser = (body: Partial<UserBody> & Pick<UserUpdate, 'id'>) =>
  callEndpoint('users', 'update', { body });

/**
 * Creates (no id) or updates (with id) a user, then refreshes every user list and form. A create
 * keeps its Idempotency-Key until it succeeds: pressing «Сохранить» again after a lost answer
 * cannot make the same person twice. The key belongs to what was sent: the server refuses one key
 * for two different requests, so a form changed since gets a new key.
 */
export function useSaveUser() {
  const queryClient = useQueryClient();
  const createKey = useRef<{ key: string; body: string } | null>(null);
  return useMutation({
    mutationFn: ({ id, ...body }: UserBody & { id: number | null }) => {
      if (id !== null) return updateUser({ ...body, id });
      const sent = JSON.stringify(body);
      if (createKey.current?.body !== sent) createKey.current = { key: newRequestKey(), body: sent };
      return createUser(body, createKey.current.key);
    },
    onSuccess: (_user, { id }) => {
      if (id === null) createKey.current = null;
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}
