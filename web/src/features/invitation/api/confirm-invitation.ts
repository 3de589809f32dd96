import type { AccessToken } from '@tamaq/contract/auth';
import type { InvitationConfirm } from '@tamaq/contract/invitations';
import { api } from '../../../lib/api-client.ts';
import { NO_TOKEN } from './no-token.ts';

/**
 * Accepts the invitation. The answer's token is not stored: the page only congratulates and points
 * to the app, and a staff member signed in on this browser stays signed in.
 */
export const confirmInvitation = (body: InvitationConfirm) =>
  api.post<AccessToken>('/api/users/parent/invitation/confirm', body, { headers: NO_TOKEN });
