import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, trustProxyWarnings } from '../src/platform/http/trust-proxy.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * TRUST_PROXY=1 is "one proxy in front": a client that reaches the port directly must not choose
 * its own address with X-Forwarded-For, or it escapes every per-address limit.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ trustProxy: 1 });
});
afterAll(() => t.close());

const tenLoginsThenOneMore = async (remoteAddress: string, email: string) => {
  const codes = [];
  for (let i = 0; i < 11; i++) {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-password' },
      remoteAddress,
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
    });
    codes.push(res.statusCode);
  }
  return codes;
};

describe('TRUST_PROXY as a hop count', () => {
  it('ignores the X-Forwarded-For of a client that connects from a public address', async () => {
    const codes = await tenLoginsThenOneMore('203.0.113.7', 'proxy.direct@test.kz');
    expect(codes).toEqual([...Array(10).fill(401), 429]);
  });

  it('believes a proxy on a private or loopback network: each forwarded client counts on its own', async () => {
    expect(await tenLoginsThenOneMore('10.0.0.2', 'proxy.private@test.kz')).toEqual(Array(11).fill(401));
    expect(await tenLoginsThenOneMore('::ffff:127.0.0.1', 'proxy.loopback@test.kz')).toEqual(Array(11).fill(401));
  });

  it('tells private and loopback addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '::1',
      'fd00::5',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['203.0.113.7', '172.32.0.1', '8.8.8.8', '2001:db8::1', '::ffff:8.8.8.8', 'not-an-ip', ''])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('what a TRUST_PROXY setting believes, said at start', () => {
  it('warns of a hop count and of subnets, and says nothing of exact addresses or of off', () => {
    expect(trustProxyWarnings(false)).toEqual([]);
    expect(trustProxyWarnings(['10.0.0.5', '::1', '10.0.0.6/32', 'fd00::1/128'])).toEqual([]);
    expect(trustProxyWarnings(1)).toEqual([expect.stringMatching(/private or loopback address/)]);
    expect(trustProxyWarnings(['10.0.0.5', '10.0.0.0/8', 'fd00::/8'])).toEqual([
      expect.stringContaining('every client in 10.0.0.0/8, fd00::/8'),
    ]);
  });
});
