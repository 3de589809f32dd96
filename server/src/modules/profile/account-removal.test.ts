import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createUser, FACTORY_PASSWORD, signedIn, createImage } from '../../../test/factories.ts';
import { auditLog, images } from '../../platform/db/schema.ts';
import { cards, users } from '../../platform/db/schema-people.ts';
import { createCard } from '../../../test/factories-people.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ask = (email: string) => t.call({ method: 'POST', url: '/api/profile/remove', payload: { email } });
const confirm = (email: string, code: string) =>
  t.call({ method: 'PUT', url: '/api/profile/remove', payload: { email, code } });
const mailedCode = async (email: string) => /\b\d{6}\b/.exec((await t.smtp.lastTo(email)).text)![0];
const image = (ownerId: number) => createImage(t.db, ownerId);

describe('POST /api/profile/remove', () => {
  it('mails a removal code', async () => {
    await createUser(t.db, { email: 'rm.mail@test.kz' });
    const res = await ask('rm.mail@test.kz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, resendAfterSeconds: 60 });
    expect((await t.smtp.lastTo('rm.mail@test.kz')).text).toMatch(/удаления аккаунта.*\d{6}/);
  });

  it('answers 404 "account not found" for an e-mail without an account', async () => {
    const res = await ask('rm.nobody@test.kz');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', errorMessage: 'Аккаунт не найден' });
  });

  it('answers 422 on email for an empty request', async () => {
    const res = await t.call({ method: 'POST', url: '/api/profile/remove' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ email: ['Обязательное поле'] });
  });
});

describe('PUT /api/profile/remove', () => {
  it('removes the personal data, keeps the row, ends the sessions and stops the sign-in', async () => {
    const { user, token } = await signedIn(t.platform, {
      email: 'rm.ok@test.kz',
      role: 'Parent',
      iin: '900101300123',
      jobTitle: 'Бухгалтер',
      name: 'Сауле Жумабекова',
    });
    const photo = await image(user.id);
    const upload = await image(user.id);
    await t.db.update(users).set({ imageId: photo.id }).where(eq(users.id, user.id));
    // A photo this user uploaded for somebody else stays with them.
    const pupil = await createUser(t.db, { role: 'Student' });
    const pupilPhoto = await image(user.id);
    await t.db.update(users).set({ imageId: pupilPhoto.id }).where(eq(users.id, pupil.id));

    await ask('rm.ok@test.kz');
    const res = await confirm('rm.ok@test.kz', await mailedCode('rm.ok@test.kz'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: 'Удалённый пользователь',
      email: null,
      passwordHash: null,
      imageId: null,
      iin: null,
      jobTitle: null,
      tokenVersion: user.tokenVersion + 1,
    });
    expect(row!.deletedAt).toEqual(t.clock.now);
    const left = (await t.db.select({ id: images.id }).from(images)).map((i) => i.id);
    expect(left).not.toContain(photo.id);
    expect(left).not.toContain(upload.id);
    expect(left).toContain(pupilPhoto.id);

    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'rm.ok@test.kz', password: FACTORY_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect((await ask('rm.ok@test.kz')).statusCode).toBe(404);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(entry).toMatchObject({ action: 'account_remove', entity: 'user', actorId: user.id });
    expect(JSON.stringify(entry)).not.toMatch(/Сауле|rm\.ok|900101300123/);
  });

  it('unlinks the cards the user held and keeps the cards themselves', async () => {
    const user = await createUser(t.db, { email: 'rm.cards@test.kz' });
    const held = await createCard(t.db, { organizationId: user.organizationId!, userId: user.id });
    const spare = await createCard(t.db, { organizationId: user.organizationId!, userId: user.id });
    const other = await createUser(t.db, { organizationId: user.organizationId });
    const theirs = await createCard(t.db, { organizationId: user.organizationId!, userId: other.id });

    await ask('rm.cards@test.kz');
    expect((await confirm('rm.cards@test.kz', await mailedCode('rm.cards@test.kz'))).statusCode).toBe(200);

    const rows = await t.db.select().from(cards);
    const byId = (id: number) => rows.find((c) => c.id === id);
    expect(byId(held.id)).toMatchObject({ userId: null, linkedAt: null, number: held.number });
    expect(byId(spare.id)).toMatchObject({ userId: null, linkedAt: null });
    expect(byId(theirs.id)).toMatchObject({ userId: other.id });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(entry!.after).toMatchObject({ cardsUnlinked: 2 });
  });

  it('answers 422 on code for a wrong code and removes nothing', async () => {
    const user = await createUser(t.db, { email: 'rm.wrong@test.kz' });
    await ask('rm.wrong@test.kz');
    const code = await mailedCode('rm.wrong@test.kz');
    const res = await confirm('rm.wrong@test.kz', String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { code: ['Неверный код подтверждения'] },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.deletedAt).toBeNull();
  });

  it('answers 422 on email and code for an empty request', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/profile/remove' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors).sort()).toEqual(['code', 'email']);
  });
});
