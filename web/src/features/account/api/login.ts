import type { LoginBody } from '@tamaq/contract/auth';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const login = (body: LoginBody) => callEndpoint('auth', 'login', { body });
