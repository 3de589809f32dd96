import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TokenPayload } from '@tamaq/contract/auth';

const ISSUER = 'tamaq';
/** A working day and a night: staff sign in in the morning; the web refreshes the token on profile saves. */
export const TOKEN_TTL_SECONDS = 16 * 60 * 60;

export interface TokenService {
  sign(payload: TokenPayload): Promise<string>;
  verify(token: string): Promise<TokenPayload | null>;
  /** HMAC-SHA256 (hex) under a key derived from the secret, for values kept only hashed (e-mailed codes). */
  mac(value: string): string;
}

export function createTokenService(secret: string): TokenService {
  // A KeyObject made once: given raw bytes, jose imports the key again on every verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // A separate key, so a MAC can never stand in for a token signature.
  const macKey = createHmac('sha256', secret).update('tamaq/mac').digest();
  return {
    mac: (value) => createHmac('sha256', macKey).update(value).digest('hex'),
    sign: (payload) =>
      new SignJWT({ ...payload })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const parsed = TokenPayload.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
