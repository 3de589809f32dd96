import type { TokenPayload } from '@tamaq/contract/auth';
import { TOKEN_STORAGE_KEY } from '@tamaq/contract/constants';
import { ROLES, type Role } from '@tamaq/contract/role-list';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const cb of [...listeners]) cb();
}

// Storage can throw (disabled cookies, a full quota, old private modes): a broken store reads as
// "signed out" instead of breaking every screen.
export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The token this page found when it loaded (main.tsx imports this module first): one that may be days
 * old, to renew once. Read here and not where the renewal lives: the app's code loads after a sign-in
 * on this page, and would take the fresh token for an old one (a renewal at once, whose answer a
 * quick reload loses).
 */
export const tokenAtPageLoad: string | null = getToken();

/**
 * How far the server's clock is ahead of this PC's, in ms, measured as a token is stored (its `iat`
 * is the server's "now"). A PC clock hours off would otherwise see every fresh token as expired.
 */
export const SKEW_STORAGE_KEY = 'access_token_skew';

function storeSkew(token: string): void {
  try {
    const iat = (decodePayload(token) as { iat?: unknown } | null)?.iat;
    if (typeof iat === 'number') localStorage.setItem(SKEW_STORAGE_KEY, String(iat * 1000 - Date.now()));
    else localStorage.removeItem(SKEW_STORAGE_KEY);
  } catch {
    // a garbled token, or a broken store: no correction
  }
}

/** The server's time as this computer best knows it (an old PC's clock may be minutes off). */
export const serverNow = (): number => Date.now() + clockSkewMs();

function clockSkewMs(): number {
  try {
    const skew = Number(localStorage.getItem(SKEW_STORAGE_KEY));
    return Number.isFinite(skew) ? skew : 0;
  } catch {
    return 0;
  }
}

export function setToken(token: string): void {
  try {
    storeSkew(token);
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } finally {
    notify();
  }
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    localStorage.removeItem(SKEW_STORAGE_KEY);
  } catch {
    // nothing stored that could be removed
  } finally {
    notify();
  }
}

/** The payload of a JWT, without checking its signature (the server does that on every call). */
function decodePayload(token: string): unknown {
  const part = token.split('.')[1];
  if (!part) return null;
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * Seconds since the epoch, by this PC's clock, when the stored token expires, or null when unknown.
 */
export function tokenExpiresAt(token = getToken()): number | null {
  if (!token) return null;
  try {
    const exp = (decodePayload(token) as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' ? exp - clockSkewMs() / 1000 : null;
  } catch {
    return null;
  }
}

/** The signed-in actor from the stored token; null when missing, malformed or expired. */
export function readToken(): TokenPayload | null {
  const token = getToken();
  if (!token) return null;
  let raw: unknown;
  try {
    raw = decodePayload(token);
  } catch {
    return null;
  }
  const exp = (raw as { exp?: unknown } | null)?.exp;
  if (typeof exp === 'number' && exp * 1000 <= Date.now() + clockSkewMs()) return null;
  return tokenPayload(raw);
}

const isInt = (v: unknown): v is number => Number.isInteger(v);
const intOrNull = (v: unknown): v is number | null => v === null || isInt(v);

/**
 * The contract's `TokenPayload` checked by hand, keeping only its fields: every page reads the
 * token at start, and zod is not part of the first download (web/src/lib/session.test.ts holds
 * it to the schema).
 */
export function tokenPayload(raw: unknown): TokenPayload | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { sub, role, org, school, tv, sid, sg } = raw as Record<string, unknown>;
  if (typeof sub !== 'string' || !ROLES.includes(role as Role)) return null;
  if (!intOrNull(org) || !intOrNull(school) || !isInt(tv)) return null;
  if (typeof sid !== 'string' || !isInt(sg)) return null;
  return { sub, role: role as Role, org, school, tv, sid, sg };
}

let storageAttached = false;

/** Calls `cb` on sign-in and sign-out, in this tab and in others. Returns the unsubscribe. */
export function onSessionChange(cb: Listener): () => void {
  if (!storageAttached && typeof window !== 'undefined') {
    storageAttached = true;
    // `key === null` is another tab's localStorage.clear().
    window.addEventListener('storage', (e) => {
      if (e.key === TOKEN_STORAGE_KEY || e.key === null) notify();
    });
  }
  listeners.add(cb);
  return () => {
    listeners.delete(cb);
  };
}
