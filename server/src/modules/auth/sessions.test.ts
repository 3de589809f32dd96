import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstanceBeside, createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createUser, FACTORY_PASSWORD, signedIn } from '../../../test/factories.ts';
import { sessions } from '../../platform/db/schema-people.ts';

/**
 * Sessions (docs/rules.md "Sessions"): sign-out ends the session on the server for every instance,
 * a renewed token retires the one it replaced, and no token outlives the session's absolute end.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const profile = (token: string, on: { call: TestContext['call'] } = t) =>
  on.call({ method: 'GET', url: '/api/profile', token });
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

describe('POST /api/auth/logout', () => {
  it('ends the session: its token, a copy of it and its download token stop working; other sessions go on', async () => {
    const user = await createUser(t.db, { email: 'session.out@test.kz' });
    const signIn = async () =>
      (
        await t.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: FACTORY_PASSWORD },
        })
      ).json<{ access_token: string }>().access_token;
    const mine = await signIn();
    const otherPc = await signIn();
    const link = (await t.call({ method: 'POST', url: '/api/auth/download-token', token: mine })).json<{
      token: string;
    }>().token;
    expect((await profile(mine)).statusCode).toBe(200);

    const out = await t.call({ method: 'POST', url: '/api/auth/logout', token: mine });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await profile(mine)).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', token: mine })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/profile?token=${link}` })).statusCode).toBe(401);
    // Signing out twice, or without a session, answers 401.
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token: mine })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    // The same person's session on another PC is theirs to end.
    expect((await profile(otherPc)).statusCode).toBe(200);
  });

  it('ends it on every instance, at once', async () => {
    const b = await createInstanceBeside(t, { redis: null });
    try {
      const { token } = await signedIn(t.platform, { role: 'EducationAdmin' });
      // The other instance has read the session (it would otherwise remember it for a few seconds).
      expect((await profile(token, b)).statusCode).toBe(200);
      expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
      // Without Redis the other instance reads sessions again within 5 s; with it, at once.
      for (const end = Date.now() + 15_000; (await profile(token, b)).statusCode === 200 && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await profile(token, b)).statusCode).toBe(401);
    } finally {
      await b.close();
    }
  });
});

describe('a renewed token', () => {
  it('retires the one it replaced, and keeps the session', async () => {
    const { token: first } = await signedIn(t.platform, { role: 'Cashier' });
    const res = await t.call({ method: 'POST', url: '/api/auth/refresh', token: first });
    expect(res.statusCode).toBe(200);
    const second = res.json<{ access_token: string }>().access_token;
    expect(payloadOf(second).sid).toBe(payloadOf(first).sid);
    expect(payloadOf(second).sg).toBe(payloadOf(first).sg + 1);
    expect((await profile(second)).statusCode).toBe(200);
    // Two tabs opened together renew the one token they share: the later one is still answered.
    expect((await profile(first)).statusCode).toBe(200);
    // Half a minute after the new token's first use the old token, and any copy of it, opens nothing.
    await t.db
      .update(sessions)
      .set({ renewedAt: new Date(Date.now() - 31_000), confirmedAt: new Date(Date.now() - 31_000) })
      .where(eq(sessions.id, payloadOf(first).sid));
    t.platform.sessions.forgetAll();
    expect((await profile(first)).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', token: first })).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
  });

  it('keeps the old token working while the renewal’s answer never arrived (a bad network), until the new one is used', async () => {
    const { token: first } = await signedIn(t.platform, { role: 'Cashier' });
    // Renewed, and the answer lost on the way: the screen still holds the first token, minutes later.
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', token: first })).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ renewedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.id, payloadOf(first).sid));
    t.platform.sessions.forgetAll();
    expect((await profile(first)).statusCode).toBe(200);
    // Its next renewal gets through, and the token it gives (the lost one's generation) is the one in
    // use from then on: half a minute after its first use the first token opens nothing.
    const res = await t.call({ method: 'POST', url: '/api/auth/refresh', token: first });
    expect(res.statusCode).toBe(200);
    const again = res.json<{ access_token: string }>().access_token;
    expect(payloadOf(again).sg).toBe(payloadOf(first).sg + 1);
    expect((await profile(again)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ confirmedAt: new Date(Date.now() - 31_000) })
      .where(eq(sessions.id, payloadOf(first).sid));
    t.platform.sessions.forgetAll();
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(again)).statusCode).toBe(200);
  });

  it('renewed again before the first answer came (a page reloaded at once) keeps the token it was renewed from working', async () => {
    const { token: first } = await signedIn(t.platform, { role: 'Cashier' });
    const refresh = () => t.call({ method: 'POST', url: '/api/auth/refresh', token: first });
    // The first page renews and is left before the answer is stored; the next page renews the same token,
    // its other requests going out with it beside the renewal.
    const lost = await refresh();
    const [renewed, beside] = await Promise.all([refresh(), profile(first)]);
    expect([lost.statusCode, renewed.statusCode, beside.statusCode]).toEqual([200, 200, 200]);
    const token = renewed.json<{ access_token: string }>().access_token;
    // One step, not two: the token it was renewed from is one generation back, in its grace.
    expect(payloadOf(token).sg).toBe(payloadOf(first).sg + 1);
    expect((await profile(token)).statusCode).toBe(200);
    expect((await profile(first)).statusCode).toBe(200);
  });

  it('opens another instance at once, though that instance had read the session before the renewal', async () => {
    const b = await createInstanceBeside(t, { redis: null });
    try {
      const { token: first } = await signedIn(t.platform, { role: 'Cashier' });
      // The other instance remembers the session as it was (it would for a few seconds).
      expect((await profile(first, b)).statusCode).toBe(200);
      const res = await t.call({ method: 'POST', url: '/api/auth/refresh', token: first });
      const second = res.json<{ access_token: string }>().access_token;
      // The next request of the screen reaches the other instance: the renewed token works there too.
      expect((await profile(second, b)).statusCode).toBe(200);
    } finally {
      await b.close();
    }
  });

  it('two generations back is never answered, even within the half minute', async () => {
    const { token: first } = await signedIn(t.platform, { role: 'Cashier' });
    const renew = async (token: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/refresh', token })).json<{ access_token: string }>().access_token;
    const second = await renew(first);
    const third = await renew(second);
    expect((await profile(third)).statusCode).toBe(200);
    expect((await profile(second)).statusCode).toBe(200);
    expect((await profile(first)).statusCode).toBe(401);
  });
});

describe('a session', () => {
  it('ends at its absolute end: no renewal carries a token past it', async () => {
    const { token } = await signedIn(t.platform, { role: 'Cashier' });
    const { sid } = payloadOf(token) as { sid: string };
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
    // 16 hours from its start, and the token ends with it.
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(16 * 3600_000 - 5000);
    expect(payloadOf(token).exp * 1000).toBeLessThanOrEqual(row!.expiresAt.getTime());
    // Near its end a renewal's token ends with the session, not 16 hours later.
    const soon = new Date(Date.now() + 60_000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, sid));
    t.platform.sessions.forgetAll();
    const renewed = (await t.call({ method: 'POST', url: '/api/auth/refresh', token })).json<{ access_token: string }>()
      .access_token;
    expect(payloadOf(renewed).exp).toBeLessThanOrEqual(Math.floor(soon.getTime() / 1000));
    // Past it, the session's token opens nothing.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sid));
    t.platform.sessions.forgetAll();
    expect((await profile(renewed)).statusCode).toBe(401);
  });
});
