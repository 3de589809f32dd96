import type { EmailCodeBody } from '@tamaq/contract/auth';

import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const confirmRemoval = (body: EmailCodeBody) => callEndpoint('profile', 'confirmRemoval', { body });
