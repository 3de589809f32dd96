import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push notice as the device got it: decrypted with the subscription's own keys. */
export interface ReceivedPush {
  device: string;
  payload: string;
  headers: http.IncomingHttpHeaders;
  /** The VAPID public key the request was signed with (its signature verified). */
  vapidKey: string;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
}

const b64 = (buf: Buffer) => buf.toString('base64url');
const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/**
 * RFC 8291 (aes128gcm, RFC 8188), as a browser decrypts a push message: from the header's salt and
 * the application server's key, the subscription's private key and auth secret give the content key.
 * Written from the RFCs, not with the sender's library, so that the two check each other.
 */
export function decryptPush(body: Buffer, ua: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record: the data, then the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('not the last record');
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT's ES256 signature checked against k. */
function verifyVapid(header: string | undefined) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return { vapidKey: k, claims: JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'] };
}

/**
 * A push service on 127.0.0.1 (as FCM or Mozilla's are to a browser): it takes a notice for a
 * device it made a subscription for, checks the VAPID signature, decrypts it with that device's
 * keys and keeps it. `answer` makes a device's next requests answer a status (410: gone).
 */
export async function startTestPush() {
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // For a test in another process (the browser tests): a new subscription, and what came.
      if (req.url === '/control/subscribe') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(subscribe()));
        return;
      }
      if (req.url === '/control/received') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ received, errors }));
        return;
      }
      const device = (req.url ?? '').replace(/^\/push\//, '');
      const status = answers.get(device);
      if (status) {
        res.writeHead(status).end('as told');
        return;
      }
      const keys = devices.get(device);
      if (!keys) {
        res.writeHead(404).end('no such subscription');
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = verifyVapid(req.headers.authorization);
        const payload = decryptPush(Buffer.concat(chunks), keys.ecdh, keys.auth);
        received.push({ device, payload, headers: req.headers, ...vapid });
        res.writeHead(201).end();
      } catch (err) {
        errors.push((err as Error).message);
        res.writeHead(400).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** A new subscription, as `PushSubscription.toJSON()` gives it. */
  function subscribe(device: string = crypto.randomUUID()) {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = crypto.randomBytes(16);
    devices.set(device, { ecdh, auth });
    return { endpoint: `${origin}/push/${device}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
  }
  return {
    origin,
    received,
    /** Requests it could not decrypt or verify: a test expects none. */
    errors,
    subscribe,
    answer(device: string, status: number | null) {
      if (status === null) answers.delete(device);
      else answers.set(device, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
