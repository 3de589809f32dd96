import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import { createCard, createPupil } from '../../../test/factories-people.ts';
import type { OutboxList } from '@tamaq/contract/admin';
import { visits } from '../../platform/db/schema-people.ts';
import { createMailer } from '../../platform/mail.ts';

let t: TestContext;
beforeAll(async () => {
  // 20:30 UTC: already the next day in Almaty (UTC+5), still this day in London.
  t = await createTestContext();
  t.clock.now = new Date('2025-03-10T20:30:00Z');
});
afterAll(() => t.close());

const summary = (token: string) => t.call({ method: 'GET', url: '/api/admin/summary', token });

describe('GET /api/admin/summary', () => {
  it('counts organizations, schools, live pupils, cards and visits of today in each organization’s zone', async () => {
    const { token } = await signedIn(t.platform, { role: 'SuperAdmin' });
    const almaty = await createOrganization(t.db, { type: 'education' });
    const london = await createOrganization(t.db, { type: 'company', timeZone: 'Europe/London' });
    const school = await createSchool(t.db, { organizationId: almaty.id });
    const pupil = await createPupil(t.db, { organizationId: almaty.id });
    await createPupil(t.db, { organizationId: almaty.id, deletedAt: new Date() });
    const worker = await createUser(t.db, { organizationId: london.id });
    await createCard(t.db, { organizationId: almaty.id, userId: pupil.id });
    await createCard(t.db, { organizationId: london.id });
    await t.db.insert(visits).values([
      { organizationId: almaty.id, schoolId: school.id, userId: pupil.id, visitDate: '2025-03-11' },
      { organizationId: almaty.id, schoolId: school.id, userId: pupil.id, visitDate: '2025-03-10' },
      { organizationId: london.id, userId: worker.id, visitDate: '2025-03-10' },
      { organizationId: london.id, userId: worker.id, visitDate: '2025-03-11' },
    ]);

    const res = await summary(token);
    expect(res.statusCode).toBe(200);
    // createPupil makes a school of the organization for each pupil given no classroom.
    expect(res.json()).toEqual({
      organizations: 2,
      schools: 3,
      pupils: 1,
      cards: 2,
      visits_today: 2,
      outbox_waiting: expect.any(Number),
      notifications_failed: 0,
      notices: [],
      backup: {
        last_at: null,
        failed_at: null,
        failed_reason: null,
        checked_at: null,
        check_error: null,
        dir: t.platform.config.backupDir,
      },
    });
  });

  it('says when requests come through a proxy that TRUST_PROXY does not name (every client then shares its address)', async () => {
    const { token } = await signedIn(t.platform, { role: 'SuperAdmin' });
    expect((await summary(token)).json().notices).toEqual([]);
    await t.call({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect((await summary(token)).json().notices).toEqual(['forwarded-untrusted']);
    // Once is enough: it stays said.
    await t.call({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.10' } });
    expect((await summary(token)).json().notices).toEqual(['forwarded-untrusted']);
  });

  it('answers 403 to an admin', async () => {
    const { token } = await signedIn(t.platform, { role: 'Admin' });
    expect((await summary(token)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/summary' })).statusCode).toBe(401);
  });
});

describe('the outbox, without a mail server', () => {
  const logged: unknown[] = [];
  const log = { info: (...args: unknown[]) => logged.push(args), error: (...args: unknown[]) => logged.push(args) };
  const kept = () => createMailer({ smtpUrl: null, from: 'tamaq@test.kz', db: t.db, log: log as never });
  const stamp = String(Date.now());
  const outbox = (token: string, query = '') =>
    t.call({ method: 'GET', url: `/api/admin/outbox?query=${stamp}${query}`, token });

  it('keeps the text out of the log and shows it to the super admin, newest first', async () => {
    const { token } = await signedIn(t.platform, { role: 'SuperAdmin' });
    const before = (await summary(token)).json().outbox_waiting as number;
    await kept().send({
      to: `first-${stamp}@test.kz`,
      subject: `Приглашение ${stamp}`,
      text: 'Ссылка: /invite/SECRET1',
    });
    await kept().send({
      to: `second-${stamp}@test.kz`,
      subject: `Код ${stamp}`,
      text: 'Ваш код: 424242',
      secret: true,
    });
    // The log names the recipient and the subject, never the text with its code or link.
    const text = JSON.stringify(logged);
    expect(text).toContain(`second-${stamp}@test.kz`);
    expect(text).toContain(`Код ${stamp}`);
    expect(text).not.toContain('424242');
    expect(text).not.toContain('SECRET1');

    const res = await outbox(token);
    expect(res.statusCode).toBe(200);
    const list = res.json() as OutboxList;
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => [r.to, r.text, r.sent])).toEqual([
      [`second-${stamp}@test.kz`, 'Ваш код: 424242', false],
      [`first-${stamp}@test.kz`, 'Ссылка: /invite/SECRET1', false],
    ]);
    expect((await summary(token)).json().outbox_waiting).toBe(before + 2);
    // By a part of the address, and the delivered ones apart.
    const one = (
      await t.call({ method: 'GET', url: `/api/admin/outbox?query=first-${stamp}`, token })
    ).json() as OutboxList;
    expect(one.rows.map((r) => r.subject)).toEqual([`Приглашение ${stamp}`]);
    expect(((await outbox(token, '&waiting=0')).json() as OutboxList).total).toBe(0);
    expect(((await outbox(token, '&waiting=1')).json() as OutboxList).total).toBe(2);
  });

  it('is the super admin’s alone, and refuses a bad page with 422', async () => {
    for (const role of ['Admin', 'EducationAdmin', 'Parent'] as const) {
      const { token } = await signedIn(t.platform, { role });
      expect((await outbox(token)).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
    const { token } = await signedIn(t.platform, { role: 'SuperAdmin' });
    const bad = await outbox(token, '&limit=0&waiting=maybe');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().validationErrors).sort()).toEqual(['limit', 'waiting']);
  });
});
