import type { AccessToken, DownloadToken } from '@tamaq/contract/auth';
import type { Role } from '@tamaq/contract/roles';
import { DOWNLOAD_TOKEN_TTL_SECONDS, type TokenService, type TokenUse } from '../../platform/auth/tokens.ts';

/** Whom a token is for: the fields the guard checks again on every call (an `Actor` fits). */
export interface TokenSubject {
  userId: number;
  role: Role;
  organizationId: number | null;
  schoolId: number | null;
  tokenVersion: number;
}

const signFor = (tokens: TokenService, subject: TokenSubject, use: TokenUse) =>
  tokens.sign(
    {
      sub: String(subject.userId),
      role: subject.role,
      org: subject.organizationId,
      school: subject.schoolId,
      tv: subject.tokenVersion,
    },
    use,
  );

export async function accessToken(tokens: TokenService, subject: TokenSubject): Promise<AccessToken> {
  return { access_token: await signFor(tokens, subject, 'session') };
}

/** A token for the download links of the signed-in user's screens (their session token stays out of links). */
export async function downloadToken(tokens: TokenService, subject: TokenSubject): Promise<DownloadToken> {
  return { token: await signFor(tokens, subject, 'download'), expires_in: DOWNLOAD_TOKEN_TTL_SECONDS };
}
