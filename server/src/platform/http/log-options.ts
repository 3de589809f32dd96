import type { FastifyRequest } from 'fastify';

/** Somewhere to write log lines other than stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * The URL as a log line may carry it: the path and the names of the query parameters, never their
 * values (a search holds a pupil's name; a download link, its token).
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return names.length ? `${url.slice(0, at)}?${names.map((n) => `${n}=…`).join('&')}` : url.slice(0, at);
}

/** Fastify's logger: the level, and requests logged without query values or client headers. */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
