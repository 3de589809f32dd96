import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from './config.ts';

/** A browser's push subscription: where to send, and the keys its payload is encrypted to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: taken, or the subscription is gone (the device unsubscribed). */
export type PushOutcome = 'sent' | 'gone';

export interface Push {
  /** The VAPID public key a browser subscribes with. */
  readonly publicKey: string;
  /** Whether a subscription's endpoint is at one of the push services allowed (PUSH_SERVICES). */
  allows(endpoint: string): boolean;
  /**
   * Sends `payload` encrypted to the subscription (RFC 8291, aes128gcm), signed with the VAPID key
   * (RFC 8292). Throws with the push service's answer when it refuses for another reason than gone.
   */
  send(target: PushTarget, payload: string, opts: { ttlSeconds: number; topic?: string }): Promise<PushOutcome>;
}

/** How long one push service may take to answer before the try counts as failed. */
const TIMEOUT_MS = 10_000;
/** A VAPID signature (a JWT per push service) is valid 12 hours and made again after one. */
const VAPID_VALID_S = 12 * 60 * 60;
const VAPID_REUSE_MS = 60 * 60 * 1000;

/**
 * The VAPID key pair: the configuration's (every instance given the same), else kept in DATA_DIR,
 * made on the first start (mode 0600): a browser's subscription holds the public key for good, so
 * a new pair would silence every device subscribed.
 */
export function vapidKeys(config: Pick<Config, 'vapid' | 'dataDir'>): { publicKey: string; privateKey: string } {
  if (config.vapid) return config.vapid;
  const file = path.join(config.dataDir, 'vapid.json');
  if (fs.existsSync(file))
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** `https://*.push.apple.com` → a test of an origin. */
const originTest = (pattern: string) => {
  const [, scheme, wildcard, host, port] = /^(https?):\/\/(\*\.)?([^:]+)(?::(.+))?$/.exec(pattern) ?? [];
  return (url: URL) =>
    url.protocol === `${scheme}:` &&
    (wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host) &&
    (port === '*' || url.port === (port ?? ''));
};

/**
 * Web Push by the `web-push` library's request (encrypted and signed there), sent with `fetch`: any
 * push service's address, HTTPS as browsers give them, or a local one in tests.
 */
export function createPush(opts: {
  /** Read at the first use (a server that never pushes makes no keys). */
  keys: () => { publicKey: string; privateKey: string };
  subject: string;
  services: string[];
}): Push {
  const tests = opts.services.map(originTest);
  let keys: { publicKey: string; privateKey: string } | null = null;
  const vapid = () => (keys ??= opts.keys());
  /**
   * The signed VAPID header of a push service (its origin), kept an hour: signing costs twice the
   * encryption of a notice, and a lunch sends thousands to the same few services (RFC 8292 lets a
   * token be used until it expires).
   */
  const signed = new Map<string, { header: string; at: number }>();
  const authorization = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const kept = signed.get(audience);
    if (kept && Date.now() - kept.at < VAPID_REUSE_MS) return kept.header;
    const { publicKey, privateKey } = vapid();
    const header = webpush.getVapidHeaders(
      audience,
      opts.subject,
      publicKey,
      privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) + VAPID_VALID_S,
    ).Authorization;
    if (signed.size > 100) signed.clear();
    signed.set(audience, { header, at: Date.now() });
    return header;
  };
  return {
    get publicKey() {
      return vapid().publicKey;
    },
    allows(endpoint) {
      if (!URL.canParse(endpoint)) return false;
      const url = new URL(endpoint);
      return !url.username && !url.password && tests.some((test) => test(url));
    },
    async send(target, payload, { ttlSeconds, topic }) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          headers: { Authorization: authorization(target.endpoint) },
          TTL: ttlSeconds,
          urgency: 'high',
          ...(topic ? { topic } : {}),
        },
      );
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ?? undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await res.text().catch(() => '');
      if (res.status === 404 || res.status === 410) return 'gone';
      if (res.status >= 200 && res.status < 300) return 'sent';
      throw new Error(`push service answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
    },
  };
}
