import type { UserPasswordBody } from '@tamaq/contract/admin';

import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const setUserPassword = (body: UserPasswordBody) => callEndpoint('user-password', 'set', { body });

export const useSetUserPassword = () => useMutation({ mutationFn: setUserPassword });
