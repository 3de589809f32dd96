import type { AccessToken, RecoveryConfirmBody } from '@tamaq/contract/auth';
import { api } from '../../../lib/api-client.ts';

export const confirmRecovery = (body: RecoveryConfirmBody) => api.put<AccessToken>('/api/auth/password/recovery', body);
