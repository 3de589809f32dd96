import type { CodeSent, EmailBody } from '@tamaq/contract/auth';
import { api } from '../../../lib/api-client.ts';

export const requestRecovery = (body: EmailBody) => api.post<CodeSent>('/api/auth/password/recovery', body);
