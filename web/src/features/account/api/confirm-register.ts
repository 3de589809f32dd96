import type { AccessToken, EmailCodeBody } from '@tamaq/contract/auth';
import { api } from '../../../lib/api-client.ts';

export const confirmRegister = (body: EmailCodeBody) => api.put<AccessToken>('/api/auth/register', body);
