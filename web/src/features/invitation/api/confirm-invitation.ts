import type { InvitationConfirm } from '@tamaq/contract/invitations';
import { NO_TOKEN } from './no-token.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/**
 * Accepts the invitation. The answer's token is not stored: the page only congratulates and points
 * to the app, and a staff member signed in on this browser stays signed in.
 */
export const confirmInvitation = (body: InvitationConfirm) =>
  callEndpoint('invitations', 'confirm', { body }, { headers: NO_TOKEN });
