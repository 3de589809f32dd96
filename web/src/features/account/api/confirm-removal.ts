import type { EmailCodeBody } from '@tamaq/contract/auth';
import type { Ok } from '@tamaq/contract/common';
import { api } from '../../../lib/api-client.ts';

export const confirmRemoval = (body: EmailCodeBody) => api.put<Ok>('/api/profile/remove', body);
