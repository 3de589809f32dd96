import { createSecretKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { users } from '../../platform/db/schema-people.ts';

let t: TestContext;
let orgId: number;
beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db)).id;
});
afterAll(() => t.close());

const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
const downloadTokenOf = async (session: string) => {
  const res = await t.call({ method: 'POST', url: '/api/auth/download-token', token: session });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; expires_in: number };
};
const template = (query: string, token?: string) =>
  t.call({ method: 'GET', url: `/api/users/template${query}`, ...(token ? { token } : {}) });

describe('POST /api/auth/download-token', () => {
  it('answers a token that opens a download link for ten minutes', async () => {
    const { user, token: session } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId });
    const download = await downloadTokenOf(session);
    expect(download.expires_in).toBe(600);
    const claims = payloadOf(download.token);
    expect(claims).toMatchObject({ sub: String(user.id), role: 'EducationAdmin', aud: 'download' });
    expect(claims.exp - claims.iat).toBe(600);
    const res = await template(`?token=${download.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
  });

  it('is never a session: refused in the Authorization header, and in the query of a call that is no download', async () => {
    const { token: session } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId });
    const { token } = await downloadTokenOf(session);
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(401);
    expect((await template('', token)).statusCode).toBe(401);
    // Nor can it buy itself a session or another download token.
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', token })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/auth/download-token', token })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/profile?token=${token}` })).statusCode).toBe(401);
  });

  it('keeps the role and the account checks: a cashier’s is refused, and a changed password ends it', async () => {
    const cashier = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect((await template(`?token=${(await downloadTokenOf(cashier.token)).token}`)).statusCode).toBe(403);

    const admin = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId });
    const { token } = await downloadTokenOf(admin.token);
    await t.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, admin.user.id));
    t.platform.actors.forget(admin.user.id);
    expect((await template(`?token=${token}`)).statusCode).toBe(401);
  });

  it('answers 401 without a session, and an expired download token opens nothing', async () => {
    expect((await t.call({ method: 'POST', url: '/api/auth/download-token' })).statusCode).toBe(401);
    const { user, token: session } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId });
    const claims = payloadOf(await downloadTokenOf(session).then((d) => d.token));
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({
      sub: String(user.id),
      role: claims.role,
      org: claims.org,
      school: null,
      tv: 0,
      sid: claims.sid,
      sg: claims.sg,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('tamaq')
      .setAudience('download')
      .setIssuedAt(past - 600)
      .setExpirationTime(past)
      .sign(createSecretKey(Buffer.from(TEST_JWT_SECRET, 'utf8')));
    expect((await template(`?token=${expired}`)).statusCode).toBe(401);
    // A token made for anything else than a session or a download opens nothing either.
    const other = await new SignJWT({ ...claims, aud: 'elsewhere' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(createSecretKey(Buffer.from(TEST_JWT_SECRET, 'utf8')));
    expect((await template(`?token=${other}`)).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/profile', token: other })).statusCode).toBe(401);
  });

  it('opens only a file by a token in the query, and a session token only where the spec’s client sends it', async () => {
    const { token: session } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId });
    const { token: download } = await downloadTokenOf(session);
    const school = await createSchool(t.db, { organizationId: orgId });
    const get = (url: string) => t.call({ method: 'GET', url });
    const report = `/api/report/school/fixations?canteenId=${school.id}&dateFrom=2026-11-02&dateTo=2026-11-04`;

    // The spec's client: the session token in a report's export link and in the pupil list's.
    expect((await get(`${report}&export=1&token=${session}`)).statusCode).toBe(200);
    expect((await get(`/api/classrooms/download?schoolId=${school.id}&token=${session}`)).statusCode).toBe(200);
    // The same report as JSON takes no token in its query, of either kind.
    for (const token of [session, download]) {
      for (const off of ['', '&export=0', '&export=false']) {
        const res = await get(`${report}${off}&token=${token}`);
        expect(res.statusCode, `${off} ${token === session ? 'session' : 'download'}`).toBe(401);
      }
    }
    expect((await get(`${report}&export=1&token=${download}`)).statusCode).toBe(200);
    // Our own links take the download token only.
    expect((await template(`?token=${session}`)).statusCode).toBe(401);
    expect((await template(`?token=${download}`)).statusCode).toBe(200);
    const orders = `/api/orders/download?date_from=2026-11-01&date_to=2026-11-30&school_id=${school.id}`;
    expect((await get(`${orders}&token=${session}`)).statusCode).toBe(401);
    expect((await get(`${orders}&token=${download}`)).statusCode).toBe(200);
    const wallet = `/api/report/school/social-wallet?schoolId=${school.id}&month=2026-11&export=1`;
    expect((await get(`${wallet}&token=${session}`)).statusCode).toBe(401);
    expect((await get(`${wallet}&token=${download}`)).statusCode).toBe(200);
  });
});
