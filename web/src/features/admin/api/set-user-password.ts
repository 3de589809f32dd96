import type { UserPasswordBody } from '@tamaq/contract/admin';
import type { Ok } from '@tamaq/contract/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const setUserPassword = (body: UserPasswordBody) => api.post<Ok>('/api/user/password', body);

export const useSetUserPassword = () => useMutation({ mutationFn: setUserPassword });
