import { ApiError, errorFromResponse, networkError, timeoutError } from './api-error.ts';
import { apiHeaders, ensureCsrfCookie, handleUnauthorized, sentTokenOf } from './api-headers.ts';

export { ApiError, errorText } from './api-error.ts';
export { apiHeaders, UNAUTHORIZED_EVENT } from './api-headers.ts';

type QueryValue = string | number | boolean | null | undefined;
/** Query parameters; undefined, null and '' are left out, arrays repeat the key. */
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  /** TanStack Query passes one so a left screen stops its calls. */
  signal?: AbortSignal;
  /** Extra headers of this one call (e.g. an Idempotency-Key), sent after the app's own. */
  headers?: Record<string, string>;
}

/** A call that has had no answer for this long fails instead of spinning forever. */
export const REQUEST_TIMEOUT_MS = 30_000;

function timeoutSignal(ms: number): AbortSignal {
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('Время ожидания истекло', 'TimeoutError')), ms);
  return controller.signal;
}

/** The caller's signal and the timeout in one: either one stops the call. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

export function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
    }
  }
  const qs = params.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

async function request<T>(method: string, url: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  await ensureCsrfCookie(method, url);
  const headers = { ...apiHeaders(method, url), ...opts?.headers };
  const sentToken = sentTokenOf(headers);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const timeout = timeoutSignal(REQUEST_TIMEOUT_MS);
  const signal = opts?.signal ? anySignal([opts.signal, timeout]) : timeout;
  const failure = (err: unknown) => {
    // An abort is the caller's own decision, not a connection problem to show.
    if (opts?.signal?.aborted) return err;
    return timeout.aborted ? timeoutError() : networkError();
  };
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload ?? null, credentials: 'same-origin', signal });
  } catch (err) {
    throw failure(err);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    throw failure(err);
  }
  if (!response.ok) {
    handleUnauthorized(response.status, sentToken);
    throw errorFromResponse(response.status, response.statusText, text);
  }
  return parseBody<T>(response.status, text);
}

export function parseBody<T>(status: number, text: string): T {
  if (status === 204 || text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // A success answer that is not JSON (a plain "OK") is handed over as text.
    return text as T;
  }
}

/** The one HTTP client of the app: headers of docs/product.md "Calls", JSON in and out, errors as ApiError. */
export const api = {
  get: <T>(url: string, query?: Query, opts?: RequestOptions) =>
    request<T>('GET', withQuery(url, query), undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, body, opts),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', url, body, opts),
  delete: <T>(url: string, query?: Query, opts?: RequestOptions) =>
    request<T>('DELETE', withQuery(url, query), undefined, opts),
};

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
