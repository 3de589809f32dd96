import type { AccessToken, LoginBody } from '@tamaq/contract/auth';
import { api } from '../../../lib/api-client.ts';

export const login = (body: LoginBody) => api.post<AccessToken>('/api/auth/login', body);
