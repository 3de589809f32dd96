import type { EmailCodeBody } from '@tamaq/contract/auth';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const confirmRegister = (body: EmailCodeBody) => callEndpoint('auth', 'confirmRegister', { body });
