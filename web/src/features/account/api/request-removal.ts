import type { EmailBody } from '@tamaq/contract/auth';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** Public: anyone who knows the e-mail may ask; only the mailbox owner gets the code. */
export const requestRemoval = (body: EmailBody) => callEndpoint('profile', 'requestRemoval', { body });
