import type { AccessToken } from '@tamaq/contract/auth';
import type { Role } from '@tamaq/contract/roles';
import type { TokenService } from '../../platform/auth/tokens.ts';

/** Whom a token is for: the fields the guard checks again on every call (an `Actor` fits). */
export interface TokenSubject {
  userId: number;
  role: Role;
  organizationId: number | null;
  schoolId: number | null;
  tokenVersion: number;
}

export async function accessToken(tokens: TokenService, subject: TokenSubject): Promise<AccessToken> {
  const access_token = await tokens.sign({
    sub: String(subject.userId),
    role: subject.role,
    org: subject.organizationId,
    school: subject.schoolId,
    tv: subject.tokenVersion,
  });
  return { access_token };
}
