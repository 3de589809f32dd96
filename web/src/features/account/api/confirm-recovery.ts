import type { RecoveryConfirmBody } from '@tamaq/contract/auth';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const confirmRecovery = (body: RecoveryConfirmBody) => callEndpoint('auth', 'confirmRecovery', { body });
