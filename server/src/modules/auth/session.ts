import type { AccessToken, DownloadToken } from '@tamaq/contract/auth';
import type { Actor } from '../../platform/auth/actors.ts';
import type { SessionService, TokenSubject } from '../../platform/auth/sessions.ts';
import { DOWNLOAD_TOKEN_TTL_SECONDS } from '../../platform/auth/tokens.ts';
import { unauthorized } from '../../platform/http/errors.ts';

export type { TokenSubject };

/** A new session (a sign-in, a registration, a recovery, an accepted invitation) and its token. */
export async function accessToken(sessions: SessionService, subject: TokenSubject): Promise<AccessToken> {
  return { access_token: await sessions.start(subject) };
}

/**
 * The caller's session renewed (a refresh, a profile save): the token that called stops working.
 * `subject` may carry what changed (a new token version after the caller's own password change).
 */
export async function renewedToken(
  sessions: SessionService,
  actor: Actor,
  subject: TokenSubject = actor,
): Promise<AccessToken> {
  const token = await sessions.renew(subject, actor.sessionId, actor.sessionGeneration);
  if (!token) throw unauthorized();
  return { access_token: token };
}

/** Another token of the caller's session (a profile save): the token that called keeps working. */
export async function sameSessionToken(sessions: SessionService, actor: Actor): Promise<AccessToken> {
  return { access_token: await sessions.again(actor, actor.sessionId, actor.sessionGeneration) };
}

/** A token for the download links of the signed-in user's screens (their session token stays out of links). */
export async function downloadToken(sessions: SessionService, actor: Actor): Promise<DownloadToken> {
  return {
    token: await sessions.download(actor, actor.sessionId, actor.sessionGeneration),
    expires_in: DOWNLOAD_TOKEN_TTL_SECONDS,
  };
}
