import type { CodeSent, RegisterBody } from '@tamaq/contract/auth';
import { api } from '../../../lib/api-client.ts';

/** Step 1 of sign-up: the server mails a code and says when another may be asked for. */
export const register = (body: RegisterBody) => api.post<CodeSent>('/api/auth/register', body);
