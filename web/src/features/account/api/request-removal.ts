import type { CodeSent, EmailBody } from '@tamaq/contract/auth';
import { api } from '../../../lib/api-client.ts';

/** Public: anyone who knows the e-mail may ask; only the mailbox owner gets the code. */
export const requestRemoval = (body: EmailBody) => api.post<CodeSent>('/api/profile/remove', body);
