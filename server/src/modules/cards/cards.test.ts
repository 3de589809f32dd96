import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import { createCard, createClassroom, createPupil } from '../../../test/factories-people.ts';
import { cards, users } from '../../platform/db/schema-people.ts';
import { auditLog } from '../../platform/db/schema.ts';

let t: TestContext;
let org: { id: number };
let otherOrg: { id: number };
let admin: string;
let social: string;
let cashier: string;
let superAdmin: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestContext();
  org = await createOrganization(t.db, { type: 'education' });
  otherOrg = await createOrganization(t.db, { type: 'education' });
  admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
  social = (await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: org.id })).token;
  cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id })).token;
  superAdmin = (await signedIn(t.platform, { role: 'SuperAdmin' })).token;
  otherAdmin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: otherOrg.id })).token;
});
afterAll(() => t.close());

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++n}`;
const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
const post = (url: string, payload: object, token: string) => t.call({ method: 'POST', url, payload, token });
const audits = (cardId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'card'), eq(auditLog.entityId, String(cardId))));

describe('GET /api/cards', () => {
  it('answers the caller’s organization’s cards with their holders, whatever organizationId says', async () => {
    const tag = unique('LST');
    const pupil = await createPupil(t.db, { organizationId: org.id, name: 'Айдана Серикова' });
    const held = await createCard(t.db, { organizationId: org.id, number: `${tag}A`, userId: pupil.id });
    const free = await createCard(t.db, { organizationId: org.id, number: `${tag}B`, endlessUse: true });
    await createCard(t.db, { organizationId: otherOrg.id, number: `${tag}C` });

    const res = await get(`/api/cards?query=${tag.toLowerCase()}&organizationId=${otherOrg.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 2,
      rows: [
        {
          id: held.id,
          number: `${tag}A`,
          endless_use: 'N',
          organizationId: org.id,
          user: { id: pupil.id, name: 'Айдана Серикова' },
          created_at: expect.any(String),
        },
        expect.objectContaining({ id: free.id, endless_use: 'Y', user: null }),
      ],
    });
  });

  it('finds by the holder’s name and by a number typed with spaces', async () => {
    const tag = unique('NM');
    const pupil = await createPupil(t.db, { organizationId: org.id, name: `Тимур ${tag}` });
    const card = await createCard(t.db, { organizationId: org.id, number: `${tag}-77`, userId: pupil.id });
    const byName = await get(`/api/cards?query=${encodeURIComponent(`тимур ${tag}`)}`, admin);
    expect(byName.json().rows.map((r: { id: number }) => r.id)).toEqual([card.id]);
    const spaced = `${tag.slice(0, 3)} ${tag.slice(3)}-77`.toLowerCase();
    const byNumber = await get(`/api/cards?query=${encodeURIComponent(spaced)}`, admin);
    expect(byNumber.json().rows.map((r: { id: number }) => r.id)).toEqual([card.id]);
  });

  it('answers the super admin the organization named in organizationId, paged', async () => {
    const tag = unique('SA');
    const a = await createCard(t.db, { organizationId: otherOrg.id, number: `${tag}1` });
    const b = await createCard(t.db, { organizationId: otherOrg.id, number: `${tag}2` });
    const first = await get(`/api/cards?organizationId=${otherOrg.id}&query=${tag}&limit=1`, superAdmin);
    expect(first.json()).toMatchObject({ total: 2, rows: [{ id: a.id }] });
    const second = await get(`/api/cards?organizationId=${otherOrg.id}&query=${tag}&limit=1&offset=1`, superAdmin);
    expect(second.json()).toMatchObject({ total: 2, rows: [{ id: b.id }] });
    const elsewhere = await get(`/api/cards?organizationId=${org.id}&query=${tag}`, superAdmin);
    expect(elsewhere.json()).toEqual({ total: 0, rows: [] });
  });

  it('answers 422 on organizationId for a wrong id', async () => {
    const res = await get('/api/cards?organizationId=abc', superAdmin);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors)).toEqual(['organizationId']);
  });

  it('answers 403 to a social teacher and a cashier', async () => {
    expect((await get('/api/cards', social)).statusCode).toBe(403);
    expect((await get('/api/cards', cashier)).statusCode).toBe(403);
  });
});

describe('GET /api/card/search', () => {
  it('suggests up to 10 cards of the organization whose number starts with the normalised input', async () => {
    const tag = unique('SR');
    const pupil = await createPupil(t.db, { organizationId: org.id, name: 'Данияр Ахметов' });
    for (let i = 0; i < 12; i++) {
      await createCard(t.db, {
        organizationId: org.id,
        number: `${tag}${String(i).padStart(2, '0')}`,
        userId: i === 0 ? pupil.id : null,
      });
    }
    await createCard(t.db, { organizationId: otherOrg.id, number: `${tag}99` });
    await createCard(t.db, { organizationId: org.id, number: `X${tag}` });
    const typed = ` ${tag.slice(0, 2).toLowerCase()} ${tag.slice(2).toLowerCase()}`;
    const res = await get(`/api/card/search?number=${encodeURIComponent(typed)}`, social);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ number: `${tag}00`, user: { id: pupil.id, name: 'Данияр Ахметов' } });
    expect(rows.every((r: { organizationId: number }) => r.organizationId === org.id)).toBe(true);
  });

  it('answers nothing for characters no card number has', async () => {
    const res = await get(`/api/card/search?number=${encodeURIComponent('%_')}`, admin);
    expect(res.json()).toEqual([]);
  });

  it('answers 422 on number without one', async () => {
    const res = await get('/api/card/search?number=%20', admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ number: ['Обязательное поле'] });
  });

  it('answers 403 to a cashier and the super admin', async () => {
    expect((await get('/api/card/search?number=AB', cashier)).statusCode).toBe(403);
    expect((await get('/api/card/search?number=AB', superAdmin)).statusCode).toBe(403);
  });
});

describe('GET /api/card/user', () => {
  it('answers the user’s cards', async () => {
    const pupil = await createPupil(t.db, { organizationId: org.id });
    const a = await createCard(t.db, { organizationId: org.id, userId: pupil.id });
    const b = await createCard(t.db, { organizationId: org.id, userId: pupil.id, endlessUse: true });
    const res = await get(`/api/card/user?userId=${pupil.id}`, social);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: a.id, number: a.number, endless_use: 'N' },
      { id: b.id, number: b.number, endless_use: 'Y' },
    ]);
  });

  it('answers 404 for a user of another organization, outside a locked school, or removed', async () => {
    const stranger = await createPupil(t.db, { organizationId: otherOrg.id });
    expect((await get(`/api/card/user?userId=${stranger.id}`, admin)).json()).toEqual({
      error: 'Not found',
      errorMessage: 'Пользователь не найден',
    });
    const school = await createSchool(t.db, { organizationId: org.id });
    const locked = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id, schoolId: school.id }))
      .token;
    const elsewhere = await createPupil(t.db, { organizationId: org.id });
    expect((await get(`/api/card/user?userId=${elsewhere.id}`, locked)).statusCode).toBe(404);
    const removed = await createUser(t.db, { organizationId: org.id, deletedAt: new Date() });
    expect((await get(`/api/card/user?userId=${removed.id}`, admin)).statusCode).toBe(404);
  });

  it('answers 422 on userId without one', async () => {
    const res = await get('/api/card/user', admin);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors)).toEqual(['userId']);
  });

  it('answers 403 to a cashier', async () => {
    expect((await get('/api/card/user?userId=1', cashier)).statusCode).toBe(403);
  });
});

describe('POST /api/card/user', () => {
  it('links a free card, and linking it again to the same user changes nothing', async () => {
    const pupil = await createPupil(t.db, { organizationId: org.id, name: 'Алия Каримова' });
    const card = await createCard(t.db, { organizationId: org.id });
    const res = await post('/api/card/user', { userId: pupil.id, cardId: card.id }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: card.id, user: { id: pupil.id, name: 'Алия Каримова' } });
    const again = await post('/api/card/user', { userId: pupil.id, cardId: card.id }, social);
    expect(again.statusCode).toBe(200);
    const [row] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row).toMatchObject({ userId: pupil.id, linkedAt: expect.any(Date) });
    const entries = await audits(card.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'card_link', before: { userId: null }, after: { userId: pupil.id } });
  });

  it('answers 409 naming the holder for a card somebody else holds', async () => {
    const holder = await createPupil(t.db, { organizationId: org.id, name: 'Ерлан Букенов' });
    const pupil = await createPupil(t.db, { organizationId: org.id });
    const card = await createCard(t.db, { organizationId: org.id, userId: holder.id });
    const res = await post('/api/card/user', { userId: pupil.id, cardId: card.id }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Conflict',
      errorMessage: 'Карта уже привязана к пользователю Ерлан Букенов',
    });
    const [row] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row!.userId).toBe(holder.id);
  });

  it('gives a card held by a removed user to the new one', async () => {
    const gone = await createUser(t.db, { organizationId: org.id });
    const card = await createCard(t.db, { organizationId: org.id, userId: gone.id });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const pupil = await createPupil(t.db, { organizationId: org.id });
    const res = await post('/api/card/user', { userId: pupil.id, cardId: card.id }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(pupil.id);
  });

  it('answers 404 for a card or a user of another organization', async () => {
    const pupil = await createPupil(t.db, { organizationId: org.id });
    const theirCard = await createCard(t.db, { organizationId: otherOrg.id });
    const card = await createCard(t.db, { organizationId: org.id });
    const theirPupil = await createPupil(t.db, { organizationId: otherOrg.id });
    const a = await post('/api/card/user', { userId: pupil.id, cardId: theirCard.id }, admin);
    expect(a.statusCode).toBe(404);
    expect(a.json().errorMessage).toBe('Карта не найдена');
    const b = await post('/api/card/user', { userId: theirPupil.id, cardId: card.id }, admin);
    expect(b.statusCode).toBe(404);
    expect(b.json().errorMessage).toBe('Пользователь не найден');
  });

  it('answers 422 on userId and cardId for an empty body or ids that are not numbers', async () => {
    const empty = await post('/api/card/user', {}, admin);
    expect(Object.keys(empty.json().validationErrors).sort()).toEqual(['cardId', 'userId']);
    const strings = await post('/api/card/user', { userId: '1', cardId: 'AB12' }, admin);
    expect(strings.statusCode).toBe(422);
    expect(Object.keys(strings.json().validationErrors).sort()).toEqual(['cardId', 'userId']);
  });

  it('answers 403 to a cashier', async () => {
    expect((await post('/api/card/user', { userId: 1, cardId: 1 }, cashier)).statusCode).toBe(403);
  });
});

describe('DELETE /api/card/user', () => {
  const unlink = (userId: number, cardId: number, token: string) =>
    t.call({ method: 'DELETE', url: `/api/card/user?userId=${userId}&cardId=${cardId}`, token });

  it('unlinks the card, keeps it in the organization and logs it', async () => {
    const pupil = await createPupil(t.db, { organizationId: org.id });
    const card = await createCard(t.db, { organizationId: org.id, userId: pupil.id });
    const res = await unlink(pupil.id, card.id, social);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [row] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row).toMatchObject({ userId: null, linkedAt: null, organizationId: org.id });
    expect(await audits(card.id)).toEqual([
      expect.objectContaining({ action: 'card_unlink', before: { userId: pupil.id }, after: { userId: null } }),
    ]);
  });

  it('answers 404 when the card is not that user’s, or belongs to another organization', async () => {
    const pupil = await createPupil(t.db, { organizationId: org.id });
    const holder = await createPupil(t.db, { organizationId: org.id });
    const card = await createCard(t.db, { organizationId: org.id, userId: holder.id });
    const res = await unlink(pupil.id, card.id, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessage).toBe('Эта карта не привязана к пользователю');
    const [row] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row!.userId).toBe(holder.id);
    expect((await unlink(holder.id, card.id, otherAdmin)).statusCode).toBe(404);
  });

  it('answers 422 on cardId without one', async () => {
    const res = await t.call({ method: 'DELETE', url: '/api/card/user?userId=1', token: admin });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors)).toEqual(['cardId']);
  });

  it('answers 403 to a cashier', async () => {
    expect((await unlink(1, 1, cashier)).statusCode).toBe(403);
  });
});

describe('POST /api/card/link', () => {
  it('registers a normalised number in the caller’s own organization, whatever organizationId says', async () => {
    const tag = unique('RG');
    const res = await post(
      '/api/card/link',
      { organizationId: otherOrg.id, number: `  ${tag.toLowerCase().slice(0, 3)} ${tag.slice(3)}-1 ` },
      social,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      number: `${tag}-1`,
      endless_use: 'N',
      organizationId: org.id,
      user: null,
      created_at: expect.any(String),
    });
    expect(await audits(res.json().id)).toEqual([
      expect.objectContaining({ action: 'card_create', after: { number: `${tag}-1` } }),
    ]);
  });

  it('takes cardId for the number when number is absent, and number when both come', async () => {
    const tag = unique('AL');
    const alias = await post('/api/card/link', { cardId: tag }, admin);
    expect(alias.json()).toMatchObject({ number: tag });
    const both = await post('/api/card/link', { cardId: `${tag}X`, number: `${tag}Y` }, admin);
    expect(both.json()).toMatchObject({ number: `${tag}Y` });
  });

  it('answers the existing card for a number already in the organization', async () => {
    const pupil = await createPupil(t.db, { organizationId: org.id });
    const card = await createCard(t.db, { organizationId: org.id, userId: pupil.id });
    const res = await post('/api/card/link', { number: card.number.toLowerCase() }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: card.id, user: { id: pupil.id } });
    expect(await t.db.select().from(cards).where(eq(cards.number, card.number))).toHaveLength(1);
  });

  it('answers 409 for a number registered in another organization: numbers are unique everywhere', async () => {
    const card = await createCard(t.db, { organizationId: otherOrg.id });
    const res = await post('/api/card/link', { number: card.number }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Conflict',
      errorMessage: 'Карта с этим номером уже зарегистрирована в другой организации',
    });
    const bySuper = await post('/api/card/link', { organizationId: org.id, number: card.number }, superAdmin);
    expect(bySuper.statusCode).toBe(409);
  });

  it('registers in the organization the super admin names, and needs one', async () => {
    const tag = unique('SU');
    const res = await post('/api/card/link', { organizationId: otherOrg.id, number: tag }, superAdmin);
    expect(res.json()).toMatchObject({ number: tag, organizationId: otherOrg.id });
    const none = await post('/api/card/link', { number: unique('SU') }, superAdmin);
    expect(none.statusCode).toBe(422);
    expect(none.json().validationErrors).toEqual({ organizationId: ['Обязательное поле'] });
    const missing = await post('/api/card/link', { organizationId: 999999, number: unique('SU') }, superAdmin);
    expect(missing.json().validationErrors).toEqual({ organizationId: ['Организация не найдена'] });
  });

  it('answers 422 on number for a number too short, with other characters, or none', async () => {
    for (const number of ['ab1', 'AB#12', 'ПРИВЕТ', 'A'.repeat(65)]) {
      const res = await post('/api/card/link', { number }, admin);
      expect(res.statusCode, number).toBe(422);
      expect(res.json().validationErrors).toEqual({ number: ['Неверный номер карты'] });
    }
    const none = await post('/api/card/link', {}, admin);
    expect(none.json().validationErrors).toEqual({ number: ['Обязательное поле'] });
  });

  it('answers 403 to a cashier', async () => {
    expect((await post('/api/card/link', { number: 'ABCD1' }, cashier)).statusCode).toBe(403);
  });
});

describe('POST /api/card/status', () => {
  it('makes a card endless and back, with the state before and after in the audit log', async () => {
    const card = await createCard(t.db, { organizationId: org.id });
    const res = await post('/api/card/status', { cardId: card.id, endless_use: 'Y' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: card.id, endless_use: 'Y' });
    await post('/api/card/status', { cardId: card.id, endless_use: 'N' }, admin);
    const [row] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row!.endlessUse).toBe(false);
    expect((await audits(card.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['card_status', { endless_use: 'N' }, { endless_use: 'Y' }],
      ['card_status', { endless_use: 'Y' }, { endless_use: 'N' }],
    ]);
  });

  it('answers 404 for a card of another organization', async () => {
    const card = await createCard(t.db, { organizationId: otherOrg.id });
    const res = await post('/api/card/status', { cardId: card.id, endless_use: 'Y' }, admin);
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row!.endlessUse).toBe(false);
  });

  it('answers 422 on endless_use for a value other than Y or N', async () => {
    const card = await createCard(t.db, { organizationId: org.id });
    const res = await post('/api/card/status', { cardId: card.id, endless_use: true }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ endless_use: ['Выберите Y (безлимитная) или N (одноразовая)'] });
  });

  it('answers 403 to a social teacher and the super admin', async () => {
    expect((await post('/api/card/status', { cardId: 1, endless_use: 'Y' }, social)).statusCode).toBe(403);
    expect((await post('/api/card/status', { cardId: 1, endless_use: 'Y' }, superAdmin)).statusCode).toBe(403);
  });
});

describe('a class context', () => {
  it('lets a social teacher link a card to a pupil of a class of the organization', async () => {
    const classroom = await createClassroom(t.db, { organizationId: org.id });
    const pupil = await createPupil(t.db, {
      organizationId: org.id,
      classroomId: classroom.id,
      schoolId: classroom.schoolId,
    });
    const card = (await post('/api/card/link', { number: unique('CL') }, social)).json();
    const res = await post('/api/card/user', { userId: pupil.id, cardId: card.id }, social);
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/card/user?userId=${pupil.id}`, social)).json()).toEqual([
      { id: card.id, number: card.number, endless_use: 'N' },
    ]);
  });
});

describe('a school-locked admin', () => {
  it('does not see, search, change, link or unlink cards held by pupils of another school', async () => {
    const tag = unique('LK');
    const mySchool = await createSchool(t.db, { organizationId: org.id });
    const theirSchool = await createSchool(t.db, { organizationId: org.id });
    const myClass = await createClassroom(t.db, { organizationId: org.id, schoolId: mySchool.id });
    const theirClass = await createClassroom(t.db, { organizationId: org.id, schoolId: theirSchool.id });
    const mine = await createPupil(t.db, {
      organizationId: org.id,
      schoolId: mySchool.id,
      classroomId: myClass.id,
      name: `Мой ${tag}`,
    });
    const theirs = await createPupil(t.db, {
      organizationId: org.id,
      schoolId: theirSchool.id,
      classroomId: theirClass.id,
      name: `Чужой ${tag}`,
    });
    const myCard = await createCard(t.db, { organizationId: org.id, number: `${tag}1`, userId: mine.id });
    const theirCard = await createCard(t.db, { organizationId: org.id, number: `${tag}2`, userId: theirs.id });
    const free = await createCard(t.db, { organizationId: org.id, number: `${tag}3` });
    // Staff of no school are outside a locked admin's reach too.
    const accountant = await createUser(t.db, { organizationId: org.id, roleId: null, email: null });
    const staffCard = await createCard(t.db, { organizationId: org.id, number: `${tag}4`, userId: accountant.id });
    const { token: locked } = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: org.id,
      schoolId: mySchool.id,
    });
    const ids = (res: { json(): unknown }) => {
      const body = res.json() as { rows?: { id: number }[] } | { id: number }[];
      return (Array.isArray(body) ? body : body.rows!).map((r) => r.id);
    };

    const listed = await get(`/api/cards?query=${tag}`, locked);
    expect(listed.json().total).toBe(2);
    expect(ids(listed)).toEqual([myCard.id, free.id]);
    expect(ids(await get(`/api/cards?query=${encodeURIComponent(`Чужой ${tag}`)}`, locked))).toEqual([]);
    expect(ids(await get(`/api/card/search?number=${tag}`, locked))).toEqual([myCard.id, free.id]);
    expect(ids(await get(`/api/cards?query=${tag}`, admin))).toEqual([myCard.id, theirCard.id, free.id, staffCard.id]);

    const status = await post('/api/card/status', { cardId: theirCard.id, endless_use: 'Y' }, locked);
    expect(status.statusCode).toBe(404);
    expect(status.json().errorMessage).toBe('Карта не найдена');
    const link = await post('/api/card/user', { userId: mine.id, cardId: theirCard.id }, locked);
    expect(link.statusCode).toBe(404);
    expect(link.json().errorMessage).toBe('Карта не найдена');
    const unlink = await t.call({
      method: 'DELETE',
      url: `/api/card/user?userId=${theirs.id}&cardId=${theirCard.id}`,
      token: locked,
    });
    expect(unlink.statusCode).toBe(404);
    expect((await get(`/api/card/user?userId=${theirs.id}`, locked)).statusCode).toBe(404);
    const register = await post('/api/card/link', { number: theirCard.number }, locked);
    expect(register.statusCode).toBe(409);
    expect(register.json().errorMessage).toBe(
      'Карта с этим номером уже привязана к пользователю, который вам недоступен',
    );
    const [row] = await t.db.select().from(cards).where(eq(cards.id, theirCard.id));
    expect(row).toMatchObject({ userId: theirs.id, endlessUse: false });
    expect(await audits(theirCard.id)).toEqual([]);

    expect((await post('/api/card/status', { cardId: myCard.id, endless_use: 'Y' }, locked)).statusCode).toBe(200);
    expect((await post('/api/card/user', { userId: mine.id, cardId: free.id }, locked)).statusCode).toBe(200);

    // Once the other school's pupil is removed, the card is the organization's free card again.
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, theirs.id));
    expect(ids(await get(`/api/cards?query=${tag}`, locked))).toEqual([myCard.id, theirCard.id, free.id]);
  });
});

describe('a social teacher', () => {
  it('answers 404 for the cards of a user without a class, and does not see cards staff hold', async () => {
    const tag = unique('ST');
    const cook = await createUser(t.db, { organizationId: org.id, roleId: null, email: null, name: `Повар ${tag}` });
    const pupil = await createPupil(t.db, { organizationId: org.id, name: `Ученик ${tag}` });
    const cookCard = await createCard(t.db, { organizationId: org.id, number: `${tag}1`, userId: cook.id });
    const pupilCard = await createCard(t.db, { organizationId: org.id, number: `${tag}2`, userId: pupil.id });
    const free = await createCard(t.db, { organizationId: org.id, number: `${tag}3` });

    const theirs = await get(`/api/card/user?userId=${cook.id}`, social);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorMessage).toBe('Пользователь не найден');
    const give = await post('/api/card/user', { userId: cook.id, cardId: free.id }, social);
    expect(give.statusCode).toBe(404);
    expect(give.json().errorMessage).toBe('Пользователь не найден');
    const take = await t.call({
      method: 'DELETE',
      url: `/api/card/user?userId=${cook.id}&cardId=${cookCard.id}`,
      token: social,
    });
    expect(take.statusCode).toBe(404);
    const steal = await post('/api/card/user', { userId: pupil.id, cardId: cookCard.id }, social);
    expect(steal.statusCode).toBe(404);
    expect(steal.json().errorMessage).toBe('Карта не найдена');
    const [row] = await t.db.select().from(cards).where(eq(cards.id, cookCard.id));
    expect(row!.userId).toBe(cook.id);

    const suggested = (await get(`/api/card/search?number=${tag}`, social)).json() as { id: number }[];
    expect(suggested.map((c) => c.id)).toEqual([pupilCard.id, free.id]);
    expect((await get(`/api/card/user?userId=${pupil.id}`, social)).json()).toHaveLength(1);
    expect((await post('/api/card/user', { userId: pupil.id, cardId: free.id }, social)).statusCode).toBe(200);
  });
});
