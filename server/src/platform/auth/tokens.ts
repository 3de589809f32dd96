import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TokenPayload } from '@tamaq/contract/auth';

const ISSUER = 'tamaq';
/** A working day and a night: staff sign in in the morning; the web refreshes the token on profile saves. */
export const TOKEN_TTL_SECONDS = 16 * 60 * 60;
/** Verified tokens remembered (a few KB each at most); the memory starts over when full. */
const VERIFIED_MAX = 10_000;

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
  const verified = new Map<string, { payload: TokenPayload; expiresAt: number }>();
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
      // A token already verified is answered from memory until it expires: checking the signature
      // (WebCrypto) was a fifth of the server's CPU per scan. Only valid tokens are remembered.
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.payload;
        verified.delete(token);
      }
      try {
        // A token without an expiry would work forever: every token this server signs has one.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat'],
        });
        const parsed = TokenPayload.safeParse(payload);
        if (!parsed.success) return null;
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, { payload: parsed.data, expiresAt: (payload.exp ?? 0) * 1000 });
        return parsed.data;
      } catch {
        return null;
      }
    },
  };
}
