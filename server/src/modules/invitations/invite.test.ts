import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import { createClassroom, createPupil } from '../../../test/factories-people.ts';
import { auditLog, mailOutbox } from '../../platform/db/schema.ts';
import { parentInvitations } from '../../platform/db/schema-people.ts';
import { codeIn, invitationCalls, LINK } from './invitations.test-kit.ts';

let t: TestContext;
let calls: ReturnType<typeof invitationCalls>;
beforeAll(async () => {
  t = await createTestContext({ publicUrl: 'https://tamaq.kz', brands: { 'asxana.kz': 'asxana' } });
  calls = invitationCalls(t);
});
afterAll(() => t.close());

/** An education organization with a school, a pupil in it and its admin signed in. */
async function school(
  role: 'EducationAdmin' | 'EducationSocialTeacher' | 'EducationKindergartenAdmin' = 'EducationAdmin',
) {
  const org = await createOrganization(t.db);
  const classroom = await createClassroom(t.db, { organizationId: org.id });
  const pupil = await createPupil(t.db, {
    classroomId: classroom.id,
    schoolId: classroom.schoolId,
    organizationId: org.id,
    name: 'Садыков Арман',
  });
  const admin = await signedIn(t.platform, { role, organizationId: org.id });
  return { org, classroom, pupil, ...admin };
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

describe('POST /api/users/parent/invitation', () => {
  it('mails a Russian invitation whose link opens the invitation', async () => {
    const { pupil, token } = await school();
    const res = await calls.invite(token, { email: ' Mother.One@Test.kz ', user_id: pupil.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const mail = await t.smtp.lastTo('mother.one@test.kz');
    expect(mail.subject).toBe('Приглашение в Tamaq');
    expect(mail.text).toContain('как родителя ребёнка: Садыков Арман.');
    expect(mail.text).toContain('Приглашение действует 7 дней');
    expect(LINK.exec(mail.text)![1]).toBe('https://tamaq.kz');
    expect(mail.html).toContain('Принять приглашение');

    const info = await calls.lookup(codeIn(mail));
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: 'mother.one@test.kz', pupil_name: 'Садыков Арман', account_exists: false });
  });

  it('names the school in Kazakh in a Kazakh invitation', async () => {
    const org = await createOrganization(t.db);
    const school = await createSchool(t.db, { organizationId: org.id, name: 'Гимназия №3', nameKk: '№3 гимназия' });
    const classroom = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id });
    const pupil = await createPupil(t.db, {
      classroomId: classroom.id,
      schoolId: school.id,
      organizationId: org.id,
      name: 'Садыков Арман',
    });
    const { token } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id });
    const kk = await calls.invite(token, { email: 'ana@test.kz', user_id: pupil.id }, { 'accept-language': 'kk' });
    expect(kk.statusCode).toBe(200);
    expect((await t.smtp.lastTo('ana@test.kz')).text).toContain('№3 гимназия сізді');
    const ru = await calls.invite(token, { email: 'mama@test.kz', user_id: pupil.id });
    expect(ru.statusCode).toBe(200);
    expect((await t.smtp.lastTo('mama@test.kz')).text).toContain('Гимназия №3 приглашает вас');
  });

  it('keeps only the SHA-256 of the code, valid 7 days, and no copy of the link in the outbox', async () => {
    const { pupil, token, user } = await school();
    const code = await calls.invited(token, 'hash.only@test.kz', pupil.id);
    const [row] = await t.db.select().from(parentInvitations).where(eq(parentInvitations.email, 'hash.only@test.kz'));
    expect(row!.codeHash).toBe(hashOf(code));
    expect(row!.pupilId).toBe(pupil.id);
    expect(row!.createdBy).toBe(user.id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(row!.expiresAt.getTime() - t.clock.now.getTime()).toBe(7 * 86_400_000);
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'hash.only@test.kz'));
    expect(`${sent!.text} ${sent!.html}`).not.toContain(code);
  });

  it('writes an audit row', async () => {
    const { pupil, token, user } = await school();
    await calls.invited(token, 'audited@test.kz', pupil.id);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'parent_invite'), eq(auditLog.entityId, String(pupil.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorId).toBe(user.id);
    expect(rows[0]!.organizationId).toBe(pupil.organizationId);
  });

  it('links to the brand host the admin works on, with that brand in the mail', async () => {
    const { pupil, token } = await school();
    await calls.invite(token, { email: 'asxana.parent@test.kz', user_id: pupil.id }, { host: 'asxana.kz' });
    const mail = await t.smtp.lastTo('asxana.parent@test.kz');
    expect(mail.subject).toBe('Приглашение в Асхана');
    expect(LINK.exec(mail.text)![1]).toBe('https://asxana.kz');
  });

  it('links to PUBLIC_URL when the request came with a host that is not ours', async () => {
    const { pupil, token } = await school();
    await calls.invite(token, { email: 'forged.host@test.kz', user_id: pupil.id }, { host: 'evil.example:8443' });
    const mail = await t.smtp.lastTo('forged.host@test.kz');
    expect(mail.subject).toBe('Приглашение в Tamaq');
    expect(LINK.exec(mail.text)![1]).toBe('https://tamaq.kz');
  });

  it('stops the earlier unaccepted invitation of the same pupil and e-mail, not others', async () => {
    const { pupil, token } = await school();
    const first = await calls.invited(token, 'twice@test.kz', pupil.id);
    const otherEmail = await calls.invited(token, 'other.parent@test.kz', pupil.id);
    const second = await calls.invited(token, 'twice@test.kz', pupil.id);
    expect((await calls.lookup(first)).statusCode).toBe(404);
    expect((await calls.lookup(second)).statusCode).toBe(200);
    expect((await calls.lookup(otherEmail)).statusCode).toBe(200);
  });

  it('lets the social teacher, the kindergarten admin and the super admin invite', async () => {
    for (const role of ['EducationSocialTeacher', 'EducationKindergartenAdmin'] as const) {
      const { pupil, token } = await school(role);
      expect((await calls.invite(token, { email: `by.${role}@test.kz`, user_id: pupil.id })).statusCode).toBe(200);
    }
    const { pupil } = await school();
    const { token } = await signedIn(t.platform, { role: 'SuperAdmin' });
    expect((await calls.invite(token, { email: 'by.super@test.kz', user_id: pupil.id })).statusCode).toBe(200);
  });

  it('answers 422 on the fields of an empty or wrong form', async () => {
    const { token } = await school();
    const empty = await calls.invite(token, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().validationErrors).sort()).toEqual(['email', 'user_id']);
    const bad = await calls.invite(token, { email: 'not-an-email', user_id: 'x' });
    expect(bad.json().validationErrors).toEqual({
      email: ['Введите корректный e-mail'],
      user_id: ['Неверный идентификатор'],
    });
  });

  it('answers 422 on user_id for a user who is not a pupil', async () => {
    const { org, token } = await school();
    const teacher = await createUser(t.db, { role: 'EducationCashier', organizationId: org.id });
    const res = await calls.invite(token, { email: 'teacher.parent@test.kz', user_id: teacher.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { user_id: ['Пригласить родителя можно только для ученика'] },
    });
  });

  it('answers 422 on email when the e-mail belongs to a staff account', async () => {
    const { org, pupil, token } = await school();
    await createUser(t.db, { role: 'EducationAdmin', organizationId: org.id, email: 'staff.mail@test.kz' });
    const res = await calls.invite(token, { email: 'staff.mail@test.kz', user_id: pupil.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.email[0]).toMatch(/не является родительской/);
  });

  it('answers 403 to a role outside the users and pupils screens', async () => {
    const { org, pupil } = await school();
    for (const role of ['Cashier', 'EducationCashier', 'EducationObserver', 'Parent'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: role === 'Parent' ? null : org.id });
      const res = await calls.invite(token, { email: 'x@test.kz', user_id: pupil.id });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it('answers 404 for a pupil of another organization, outside a locked school, or removed', async () => {
    const { org, token } = await school();
    const stranger = await createPupil(t.db);
    // Each factory pupil gets a school of its own: the locked admin's school is yet another one.
    const elsewhere = await createPupil(t.db, { organizationId: org.id });
    const removed = await createPupil(t.db, { organizationId: org.id, deletedAt: new Date() });
    const ownSchool = await createSchool(t.db, { organizationId: org.id });
    const locked = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: org.id,
      schoolId: ownSchool.id,
    });

    for (const [who, id] of [
      ['stranger', stranger.id],
      ['removed', removed.id],
      ['missing', 2_000_000_000],
    ] as const) {
      const res = await calls.invite(token, { email: 'nobody@test.kz', user_id: id });
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Не найдено' });
    }
    const res = await calls.invite(locked.token, { email: 'nobody@test.kz', user_id: elsewhere.id });
    expect(res.statusCode).toBe(404);
  });

  it('answers 429 after 30 invitations an hour from one admin', async () => {
    const { token } = await school();
    for (let i = 0; i < 30; i++) {
      expect((await calls.invite(token, { email: 'flood@test.kz', user_id: 2_000_000_000 })).statusCode).toBe(404);
    }
    const res = await calls.invite(token, { email: 'flood@test.kz', user_id: 2_000_000_000 });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many requests');
    // Another admin is not held back by the first one's count.
    const other = await school();
    expect((await calls.invite(other.token, { email: 'flood@test.kz', user_id: 2_000_000_000 })).statusCode).toBe(404);
  });
});

describe('POST /api/users/parent/invitation with the mail server down', () => {
  it('answers 503 and stores no invitation', async () => {
    const down = await createTestContext({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const org = await createOrganization(down.db);
      const pupil = await createPupil(down.db, { organizationId: org.id });
      const { token } = await signedIn(down.platform, { role: 'EducationAdmin', organizationId: org.id });
      const res = await invitationCalls(down).invite(token, { email: 'unsent@test.kz', user_id: pupil.id });
      expect(res.statusCode).toBe(503);
      expect(await down.db.select().from(parentInvitations)).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
