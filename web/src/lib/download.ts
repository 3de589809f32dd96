import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { withQuery, type Query } from './api-client.ts';
import { getToken, onSessionChange } from './session.ts';
import { callEndpoint } from './endpoint-client.ts';
import { chosenLanguage } from '../i18n/language.ts';

/**
 * A download in Kazakh says so in its link: a link the browser follows sends the browser's own
 * languages, not the one chosen here. A Russian link stays as the spec's client makes it.
 */
const languageQuery = (): Query => (chosenLanguage() === 'kk' ? { lang: 'kk' } : {});

/**
 * A link the browser downloads by itself (an xlsx export or template) cannot send the bearer header,
 * so it carries a token in its query. Not the session's: a link is copied, kept in the history and
 * seen by proxies, so it carries a download token, which opens download links alone and ends after
 * ten minutes. One is asked for per tab and asked for again well before it ends.
 */
interface Held {
  token: string;
  /** Date.now() at which this tab stops using it (a margin before the server's end). */
  renewAt: number;
  /** The session it was made for: another sign-in needs its own. */
  session: string;
}

/** A token is given up this long before it ends, so a link is never clicked with a dying one. */
const MARGIN_MS = 5 * 60_000;
/** How often a screen with links checks that its token is still good (a hidden tab may check less). */
const CHECK_MS = 5_000;
/** After a failed ask (a bad network), the next waits this long. */
const RETRY_MS = 5_000;

let held: Held | null = null;
let asking: Promise<void> | null = null;
let failedAt = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();
const notify = () => {
  for (const cb of [...listeners]) cb();
};

const usable = (h: Held | null, session: string | null): h is Held =>
  h !== null && session !== null && h.session === session && Date.now() < h.renewAt;

/** Asks for a download token unless the one held is still good (or an ask is on its way). */
function ensure(): void {
  const session = getToken();
  if (!session || usable(held, session) || asking || Date.now() - failedAt < RETRY_MS) return;
  asking = callEndpoint('auth', 'downloadToken', {})
    .then((d) => {
      // Signed out or in as someone else meanwhile: this token is nobody's now.
      if (getToken() !== session) return;
      held = { token: d.token, renewAt: Date.now() + d.expires_in * 1000 - MARGIN_MS, session };
      notify();
    })
    .catch(() => {
      failedAt = Date.now();
    })
    .finally(() => {
      asking = null;
      // The session changed while asking (a sign-in in this tab): ask again for the new one now.
      if (getToken() !== session) ensure();
    });
}

const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => listeners.delete(cb);
};
const currentToken = () => (usable(held, getToken()) ? held.token : null);

/**
 * The links of a screen's downloads: `href(path, query)` is the link, or null while this tab has no
 * download token yet (a button shows as disabled for that moment).
 */
export function useDownloadHref(): (path: string, query?: Query) => string | null {
  const token = useSyncExternalStore(subscribe, currentToken, () => null);
  useEffect(() => {
    ensure();
    const check = () => {
      ensure();
      // A token past its renewal is no longer shown: the screen draws again with the next one.
      if (held && !usable(held, getToken())) notify();
    };
    const timer = setInterval(check, CHECK_MS);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    const offSession = onSessionChange(check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      offSession();
    };
  }, []);
  return useCallback(
    (path: string, query: Query = {}) => (token ? withQuery(path, { ...query, token, ...languageQuery() }) : null),
    [token],
  );
}
