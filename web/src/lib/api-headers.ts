import { PATHS } from '@tamaq/contract/api-paths';
import { APP_VERSION, CSRF_COOKIE, HEADERS } from '@tamaq/contract/constants';
import { chosenLanguage } from '../i18n/language.ts';
import { clearToken, getToken } from './session.ts';

/** Fired on window when the server refused the stored token; the shell sends the user to login. */
export const UNAUTHORIZED_EVENT = 'tamaq:unauthorized';

const HEALTH_URL = PATHS.platform.health.path;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The token and the CSRF value go only to our own origin (docs/product.md "Calls"), decided the way the browser
 * will resolve the address: `/\host`, `\\host` or ` //host` all leave the origin.
 */
export function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

function needsCsrf(method: string, url: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase()) && isSameOrigin(url);
}

/**
 * Sign-in and the code steps need no token, and must not send one: a wrong password typed while an
 * older session is stored would otherwise answer 401 to "our token" and sign every tab out.
 */
const TOKENLESS = /^\/api\/(auth\/(login|register|password\/recovery)|profile\/remove)(\?|$)/;

/** Headers of every call but Content-Type (the uploader lets the browser set the boundary). */
export function apiHeaders(method: string, url: string): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The server answers its errors in it (docs/rules.md "The language").
    'Accept-Language': chosenLanguage(),
    [HEADERS.platform]: 'web',
    [HEADERS.version]: APP_VERSION,
  };
  const token = getToken();
  if (token && isSameOrigin(url) && !TOKENLESS.test(url)) headers.Authorization = `Bearer ${token}`;
  if (needsCsrf(method, url)) {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[HEADERS.csrf] = csrf;
  }
  return headers;
}

let csrfFetch: Promise<void> | null = null;

/**
 * The server sets the CSRF cookie on every answer; a first write in a fresh browser has none yet,
 * so one health call fetches it. Concurrent writes share that one call.
 */
export async function ensureCsrfCookie(method: string, url: string): Promise<void> {
  if (!needsCsrf(method, url) || readCookie(CSRF_COOKIE)) return;
  csrfFetch ??= fetch(HEALTH_URL, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(
      () => undefined,
      () => undefined, // the write itself will report the network failure
    )
    .finally(() => {
      csrfFetch = null;
    });
  await csrfFetch;
}

/** The token a call carries in its headers, or null. */
export function sentTokenOf(headers: Record<string, string>): string | null {
  const auth = headers.Authorization;
  return auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null;
}

/**
 * After a 401 to a call that carried `sentToken`: that token is no good, sign out everywhere. A late
 * answer for an older token must not wipe the newer one stored since (a sign-in, a refresh).
 */
export function handleUnauthorized(status: number, sentToken: string | null): void {
  if (status !== 401 || !sentToken || getToken() !== sentToken) return;
  clearToken();
  window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}
