import type { RegisterBody } from '@tamaq/contract/auth';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** Step 1 of sign-up: the server mails a code and says when another may be asked for. */
export const register = (body: RegisterBody) => callEndpoint('auth', 'register', { body });
