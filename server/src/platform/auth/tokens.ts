import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TokenPayload } from '@tamaq/contract/auth';

const ISSUER = 'tamaq';
/** A working day and a night: staff sign in in the morning; the web refreshes the token on profile saves. */
export const TOKEN_TTL_SECONDS = 16 * 60 * 60;
/**
 * A download token lives this long: it only has to last from the moment a screen asks for it to the
 * click on its link (the web asks again well before it ends). It opens nothing but download links.
 */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 10 * 60;
/** The audience of a download token; a session token has none. */
const DOWNLOAD = 'download';
/** What a token is for: a session (the Authorization header) or a download link (`?token=`). */
export type TokenUse = 'session' | 'download';
/** Verified tokens remembered (a few KB each at most); the memory starts over when full. */
const VERIFIED_MAX = 10_000;

export interface TokenService {
  /** A token for `use`; a session token ends at `notAfter` if that is sooner than its usual life. */
  sign(payload: TokenPayload, use?: TokenUse, notAfter?: Date): Promise<string>;
  /** The payload of a valid token made for `use` (a session by default); null for any other. */
  verify(token: string, use?: TokenUse): Promise<TokenPayload | null>;
  /** HMAC-SHA256 (hex) under a key derived from the secret, for values kept only hashed (e-mailed codes). */
  mac(value: string): string;
}

const useOf = (aud: unknown): TokenUse | null => (aud === undefined ? 'session' : aud === DOWNLOAD ? 'download' : null);

export function createTokenService(secret: string): TokenService {
  // A KeyObject made once: given raw bytes, jose imports the key again on every verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // A separate key, so a MAC can never stand in for a token signature.
  const macKey = createHmac('sha256', secret).update('tamaq/mac').digest();
  const verified = new Map<string, { payload: TokenPayload; expiresAt: number; use: TokenUse }>();
  return {
    mac: (value) => createHmac('sha256', macKey).update(value).digest('hex'),
    sign: (payload, use = 'session', notAfter) => {
      const jwt = new SignJWT({ ...payload }).setProtectedHeader({ alg: 'HS256' }).setIssuer(ISSUER).setIssuedAt();
      const life = use === 'download' ? DOWNLOAD_TOKEN_TTL_SECONDS : TOKEN_TTL_SECONDS;
      const usual = Math.floor(Date.now() / 1000) + life;
      const exp = notAfter ? Math.min(usual, Math.floor(notAfter.getTime() / 1000)) : usual;
      if (use === 'download') return jwt.setAudience(DOWNLOAD).setExpirationTime(exp).sign(key);
      return jwt.setExpirationTime(exp).sign(key);
    },
    async verify(token, use = 'session') {
      // A token already verified is answered from memory until it expires: checking the signature
      // (WebCrypto) was a fifth of the server's CPU per scan. Only valid tokens are remembered.
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.use === use ? known.payload : null;
        verified.delete(token);
      }
      try {
        // A token without an expiry would work forever: every token this server signs has one.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat'],
        });
        const made = useOf(payload.aud);
        const parsed = TokenPayload.safeParse(payload);
        if (!made || !parsed.success) return null;
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, { payload: parsed.data, expiresAt: (payload.exp ?? 0) * 1000, use: made });
        return made === use ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
