import type { EmailBody } from '@tamaq/contract/auth';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const requestRecovery = (body: EmailBody) => callEndpoint('auth', 'recover', { body });
