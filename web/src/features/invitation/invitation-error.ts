import { INVITATION_NOT_FOUND } from '@tamaq/contract/invitations';
import { i18n } from '../../i18n/texts.ts';
import { ApiError } from '../../lib/api-client.ts';

const t = i18n.invitation.page.errors;

/**
 * docs/product.md "Errors" for the invitation page: 401 reads as a bad login, the server's 'Invitation not found' as
 * an expired or used link, anything else as a generic failure. A 409 (the e-mail belongs to a staff
 * account) and a 429 carry the server's own words, which say what to do.
 */
export function invitationError(err: unknown): string {
  if (!(err instanceof ApiError)) return t.generic;
  if (err.status === 401) return t.badCredentials;
  if (err.code === INVITATION_NOT_FOUND) return t.notFound;
  if ((err.status === 409 || err.status === 429) && err.errorMessage) return err.errorMessage;
  return t.generic;
}
