import { and, eq } from 'drizzle-orm';
import { NOTIFICATIONS_MESSAGES as M, ChildNotifications, DeliveryList } from '@tamaq/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn, tokenFor } from '../../../test/factories.ts';
import { createCard, createClassroom, createFoodCategory, createPupil } from '../../../test/factories-people.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { parentChildren } from '../../platform/db/schema-people.ts';
import { notificationDeliveries, notificationEvents } from '../../platform/db/schema-notifications.ts';
import { createMailer } from '../../platform/mail.ts';
import { createNotificationsService, DELIVERY_TRIES, retryDelayMs } from './notifications.service.ts';
import { createOverdueNotices } from '../book-loans/overdue-notices.ts';
import { createSchoolsService } from '../schools/schools.service.ts';

/** docs/rules.md "Notifications": what a parent chooses to hear of a child, and how it reaches them. */
let t: TestContext;
let schoolId: number;
let classroomId: number;
let librarian: string;
let cashier: string;
let staff: string;
let mother: { id: number; email: string; token: string };
let father: { id: number; email: string; token: string };
let noEmail: { id: number; token: string };
let stranger: { id: number; email: string; token: string };
let dana: { id: number; card: string };
let timur: { id: number; card: string };

// 12:30 in Almaty (UTC+5).
const NOON = new Date('2026-11-20T07:30:00Z');

const url = (childId: number) => `/api/parent/child/${childId}/notifications`;
const get = (childId: number, token: string) => t.call({ method: 'GET', url: url(childId), token });
const put = (childId: number, token: string, payload: object) =>
  t.call({ method: 'PUT', url: url(childId), token, payload });
const scan = (card: string) =>
  t.call({ method: 'POST', url: '/api/school/fixation', token: cashier, payload: { cardId: card, schoolId } });
const mailsTo = (address: string) => t.smtp.received.filter((m) => m.to.includes(address));
const notifier = (platform = t.platform) => createNotificationsService(platform);
const MEAL_BY_EMAIL = { choices: [{ event: 'meal', channel: 'email' }] };

beforeAll(async () => {
  t = await createTestContext();
  t.clock.now = new Date(NOON);
  const edu = await createOrganization(t.db, { type: 'education', timeZone: 'Asia/Almaty', modules: ['library'] });
  const school = await createSchool(t.db, { organizationId: edu.id, name: 'Школа №5', nameKk: '№5 мектеп' });
  schoolId = school.id;
  const classroom = await createClassroom(t.db, { organizationId: edu.id, schoolId, name: '5 «А»' });
  classroomId = classroom.id;
  const sw = await createFoodCategory(t.db, { organizationId: edu.id, type: 'sw', name: 'Соцкошелёк' });
  const child = async (name: string) => {
    const p = await createPupil(t.db, {
      organizationId: edu.id,
      schoolId,
      classroomId: classroom.id,
      name,
      foodCategoryId: sw.id,
    });
    return { id: p.id, card: (await createCard(t.db, { organizationId: edu.id, userId: p.id })).number };
  };
  dana = await child('Сапарова Дана');
  timur = await child('Сапаров Тимур');
  const parent = async (email: string | null, language: 'ru' | 'kk' | null, children: number[]) => {
    const user = await createUser(t.db, { role: 'Parent', organizationId: null, email, language });
    for (const pupilId of children) await t.db.insert(parentChildren).values({ parentId: user.id, pupilId });
    return { id: user.id, email: user.email!, token: await tokenFor(t.platform, user) };
  };
  mother = await parent(`mother-${Date.now()}@test.kz`, null, [dana.id]);
  father = await parent(`father-${Date.now()}@test.kz`, 'kk', [dana.id]);
  noEmail = await parent(null, null, [dana.id]);
  stranger = await parent(`stranger-${Date.now()}@test.kz`, null, [timur.id]);
  cashier = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: edu.id })).token;
  staff = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: edu.id })).token;
  librarian = (await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: edu.id, schoolId })).token;
});
afterAll(() => t.close());

describe('a parent chooses what to hear of a child', () => {
  it('reads nothing chosen yet, the e-mail of the profile and the events sent', async () => {
    const res = await get(dana.id, mother.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(ChildNotifications.parse(res.json())).toEqual({
      choices: [],
      channels: ['email'],
      events: ['meal', 'refused', 'absent', 'book_issued', 'book_due', 'book_overdue', 'book_returned'],
      email: mother.email,
    });
  });

  it('turns meals by e-mail on, audited, and reads them back', async () => {
    const res = await put(dana.id, mother.token, MEAL_BY_EMAIL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().choices).toEqual([{ event: 'meal', channel: 'email' }]);
    expect((await get(dana.id, mother.token)).json().choices).toEqual([{ event: 'meal', channel: 'email' }]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications_set'), eq(auditLog.actorId, mother.id)));
    expect(entry).toMatchObject({
      entityId: String(dana.id),
      after: { choices: [{ event: 'meal', channel: 'email' }] },
    });
  });

  it('refuses an unknown event, a channel that does not reach the parent and e-mail without an address, and changes nothing', async () => {
    const unknown = await put(dana.id, mother.token, { choices: [{ event: 'birthday', channel: 'email' }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().validationErrors['choices.0.event']).toEqual([M.event]);
    const push = await put(dana.id, mother.token, { choices: [{ event: 'meal', channel: 'push' }] });
    expect(push.statusCode).toBe(422);
    expect(push.json().validationErrors['choices.0.channel']).toEqual([M.noDevice]);
    const telegram = await put(dana.id, mother.token, { choices: [{ event: 'meal', channel: 'telegram' }] });
    expect(telegram.json().validationErrors['choices.0.channel']).toEqual([M.telegramOff]);
    // No bot on this server: no link to one either.
    const noBot = await t.call({ method: 'POST', url: '/api/parent/telegram/link', token: mother.token });
    expect(noBot.statusCode).toBe(409);
    expect(noBot.json().errorMessage).toBe(M.telegramOff);
    const none_ = await t.call({ method: 'GET', url: '/api/parent/telegram', token: mother.token });
    expect(none_.json()).toEqual({ available: false, bot: null, chats: [] });
    const none = await put(dana.id, noEmail.token, MEAL_BY_EMAIL);
    expect(none.statusCode).toBe(422);
    expect(none.json().validationErrors['choices.0.channel']).toEqual([M.noEmail]);
    expect((await get(dana.id, noEmail.token)).json()).toMatchObject({ choices: [], channels: [] });
    expect((await get(dana.id, mother.token)).json().choices).toEqual([{ event: 'meal', channel: 'email' }]);
  });

  it('answers 404 for another family’s child and 403 to the school’s people', async () => {
    for (const res of [await get(dana.id, stranger.token), await put(dana.id, stranger.token, { choices: [] })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().errorMessage).toBe(M.childNotFound);
    }
    expect((await get(dana.id, staff)).statusCode).toBe(403);
    expect((await put(dana.id, cashier, MEAL_BY_EMAIL)).statusCode).toBe(403);
  });
});

describe('a meal recorded reaches the parents who chose it', () => {
  it('writes a notice with the visit, and one e-mail to each parent who chose meals, in their language', async () => {
    expect((await put(dana.id, father.token, MEAL_BY_EMAIL)).statusCode).toBe(200);
    const res = await scan(dana.card);
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await t.db.select().from(notificationEvents).where(eq(notificationEvents.pupilId, dana.id));
    expect(event).toMatchObject({ event: 'meal', visitId: res.json().id, fannedAt: null });

    const o = await notifier().runOnce();
    expect(o).toMatchObject({ events: 1, sent: 2, failed: 0, retry: 0 });
    const [toMother] = mailsTo(mother.email);
    expect(toMother?.subject).toBe('Сапарова Дана поел(а) в 12:30');
    expect(toMother?.text).toContain('Сапарова Дана: Соцкошелёк — 20.11.2026 в 12:30, Школа №5.');
    const [toFather] = mailsTo(father.email);
    expect(toFather?.subject).toBe('Сапарова Дана 12:30 тамақтанды');
    expect(toFather?.text).toContain('№5 мектеп');
    // The parent without an address, and the other family, hear nothing.
    expect(mailsTo(stranger.email)).toHaveLength(0);
    // Sent once: a second look sends nothing more.
    expect(await notifier().runOnce()).toMatchObject({ events: 0, sent: 0 });
    expect(mailsTo(mother.email)).toHaveLength(1);
  });

  it('writes nothing for a scan refused, nor for a child nobody chose to hear of', async () => {
    const before = (await t.db.select().from(notificationEvents)).length;
    t.clock.advance(10_000);
    expect((await scan(dana.card)).statusCode).toBe(409); // already ate today
    expect((await scan(timur.card)).statusCode).toBe(200);
    expect(await t.db.select().from(notificationEvents)).toHaveLength(before);
  });

  it('sends from two instances at once each e-mail once', async () => {
    const other = await createUser(t.db, { role: 'Parent', organizationId: null, email: `o-${Date.now()}@test.kz` });
    await t.db.insert(parentChildren).values({ parentId: other.id, pupilId: timur.id });
    const token = await tokenFor(t.platform, other);
    expect((await put(timur.id, token, MEAL_BY_EMAIL)).statusCode).toBe(200);
    t.clock.advance(86_400_000); // the next day: Timur may eat again
    expect((await scan(timur.card)).statusCode).toBe(200);
    const [a, b] = await Promise.all([notifier().runOnce(), notifier().runOnce()]);
    expect(a!.sent + b!.sent).toBe(1);
    expect(a!.events + b!.events).toBe(1);
    expect(mailsTo(other.email!)).toHaveLength(1);
  });

  it('tries a refused e-mail again later, and after the last try marks it failed', async () => {
    const down = {
      ...t.platform,
      mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'tamaq@test.kz', db: t.db, log: console as never }),
    };
    t.clock.advance(86_400_000);
    expect((await scan(dana.card)).statusCode).toBe(200);
    expect(await notifier(down).runOnce()).toMatchObject({ events: 1, retry: 2 });
    const pending = await t.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.parentId, mother.id), eq(notificationDeliveries.status, 'pending')));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.attempts).toBe(1);
    expect(pending[0]!.nextAt.getTime()).toBe(t.clock.now.getTime() + retryDelayMs(1));
    // Not before its time.
    expect(await notifier(down).runOnce()).toMatchObject({ retry: 0, failed: 0 });
    for (let i = 1; i < DELIVERY_TRIES; i++) {
      t.clock.advance(retryDelayMs(i));
      expect(await notifier(down).runOnce()).toMatchObject(i < DELIVERY_TRIES - 1 ? { retry: 2 } : { failed: 2 });
    }
    const [failed] = await t.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.parentId, mother.id), eq(notificationDeliveries.status, 'failed')));
    expect(failed).toMatchObject({ attempts: DELIVERY_TRIES, sentAt: null });
    expect(failed!.error).toBeTruthy();
    expect(mailsTo(mother.email)).toHaveLength(1);
  });

  it('a parent unlinked hears nothing more: their choices and waiting notices go at once', async () => {
    t.clock.advance(86_400_000);
    expect((await scan(dana.card)).statusCode).toBe(200);
    const unlinked = await t.call({
      method: 'DELETE',
      url: `/api/pupil/${dana.id}/parent/${father.id}`,
      token: staff,
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const sent = mailsTo(father.email).length;
    expect(await notifier().runOnce()).toMatchObject({ sent: 1 });
    expect(mailsTo(father.email)).toHaveLength(sent);
    expect(mailsTo(mother.email)).toHaveLength(2);
  });

  it('unchecking e-mail drops what waits to go by it', async () => {
    t.clock.advance(86_400_000);
    expect((await scan(dana.card)).statusCode).toBe(200);
    expect((await put(dana.id, mother.token, { choices: [] })).statusCode).toBe(200);
    expect(await notifier().runOnce()).toMatchObject({ sent: 0 });
    expect(mailsTo(mother.email)).toHaveLength(2);
  });
});

describe('the super admin reads the notices and sends a failed one again', () => {
  let superAdmin: string;
  beforeAll(async () => {
    superAdmin = (await signedIn(t.platform, { role: 'SuperAdmin', organizationId: null })).token;
  });
  const list = (query: string, token = superAdmin) =>
    t.call({ method: 'GET', url: `/api/admin/notifications${query}`, token });

  it('lists the failed ones with their reason, by a part of a name, and counts them on the dashboard', async () => {
    const res = await list(`?status=failed&query=${encodeURIComponent('Сапарова')}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = DeliveryList.parse(res.json());
    expect(body.failed).toBe(2);
    expect(body.rows.map((r) => [r.parent.id, r.status, r.attempts])).toEqual(
      expect.arrayContaining([
        [mother.id, 'failed', DELIVERY_TRIES],
        [father.id, 'failed', DELIVERY_TRIES],
      ]),
    );
    expect(body.rows.every((r) => r.status === 'failed' && r.error && r.pupil.name === 'Сапарова Дана')).toBe(true);
    expect((await list('?status=sent')).json().rows.every((r: { status: string }) => r.status === 'sent')).toBe(true);
    const summary = await t.call({ method: 'GET', url: '/api/admin/summary', token: superAdmin });
    expect(summary.json().notifications_failed).toBe(2);
  });

  it('refuses an unknown status with a 422, and everybody but the super admin', async () => {
    const bad = await list('?status=lost');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors.status).toEqual([M.status]);
    expect((await list('', staff)).statusCode).toBe(403);
    expect((await list('', mother.token)).statusCode).toBe(403);
  });

  it('sends a failed one again from its first try, and refuses one that did not fail', async () => {
    const failed = DeliveryList.parse((await list('?status=failed')).json()).rows.find(
      (r) => r.parent.id === mother.id,
    )!;
    const retry = (id: number, token = superAdmin) =>
      t.call({ method: 'POST', url: `/api/admin/notification/${id}/retry`, token });
    expect((await retry(failed.id, staff)).statusCode).toBe(403);
    const res = await retry(failed.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: failed.id, status: 'pending', attempts: 0 });
    const before = mailsTo(mother.email).length;
    expect(await notifier().runOnce()).toMatchObject({ sent: 1 });
    expect(mailsTo(mother.email)).toHaveLength(before + 1);
    const again = await retry(failed.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe(M.notFailed);
    const none = await retry(987654321);
    expect(none.statusCode).toBe(404);
    expect(none.json().errorMessage).toBe(M.deliveryNotFound);
  });
});

describe('a refusal at the queue, an absence, a book issued and returned reach the parents who chose them', () => {
  const chosen = [
    { event: 'refused', channel: 'email' },
    { event: 'absent', channel: 'email' },
    { event: 'book_issued', channel: 'email' },
    { event: 'book_returned', channel: 'email' },
  ];
  const latest = (address: string) => mailsTo(address).at(-1)!;
  beforeAll(async () => {
    expect((await put(dana.id, mother.token, { choices: chosen })).statusCode).toBe(200);
    expect((await put(dana.id, stranger.token, { choices: chosen })).statusCode).toBe(404);
  });

  it('tells a refusal with its reason, written beside no visit', async () => {
    t.clock.advance(86_400_000);
    expect((await scan(dana.card)).statusCode).toBe(200); // the meal: not chosen, so no letter
    t.clock.advance(60_000);
    const refused = await scan(dana.card);
    expect(refused.statusCode).toBe(409);
    expect(await notifier().runOnce()).toMatchObject({ events: 1, sent: 1 });
    const letter = latest(mother.email);
    expect(letter.subject).toMatch(/^Сапарова Дана: в питании отказано в \d\d:\d\d$/);
    expect(letter.text).toContain(`Причина: ${refused.json().errorMessage}`);
    expect(letter.text).toContain('Школа №5');
  });

  it('tells an absence marked in the journal, once however often the class is saved', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(t.clock.now);
    const save = () =>
      t.call({
        method: 'PUT',
        url: '/api/absences',
        token: staff,
        payload: { classroom_id: classroomId, date: today, absent_ids: [dana.id] },
      });
    const res = await save();
    expect(res.statusCode, res.body).toBe(200);
    expect((await save()).statusCode).toBe(200);
    expect(await notifier().runOnce()).toMatchObject({ events: 1, sent: 1 });
    const day = today.split('-').reverse().join('.');
    expect(latest(mother.email).subject).toBe(`Сапарова Дана отмечен(а) отсутствующим(ей) ${day}`);
  });

  it('tells the books issued with their due date, and the books returned', async () => {
    const book = await t.call({
      method: 'POST',
      url: '/api/book',
      token: staff,
      payload: { schoolId, name: 'Абай жолы', authors: 'Әуезов М.', publisher: 'Мектеп', year: 2017 },
    });
    expect(book.statusCode, book.body).toBe(200);
    const made = await t.call({
      method: 'POST',
      url: '/api/book/count',
      token: staff,
      payload: { book_id: book.json().id, count: 1 },
    });
    const ids = (made.json() as { barcodes: { id: number }[] }).barcodes.map((b) => b.id);
    const due = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(
      new Date(t.clock.now.getTime() + 14 * 86_400_000),
    );
    const issued = await t.call({
      method: 'POST',
      url: '/api/book/issuance',
      token: librarian,
      payload: { user_id: dana.id, book_ids: ids, expired_at: due },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(await notifier().runOnce()).toMatchObject({ events: 1, sent: 1 });
    expect(latest(mother.email).subject).toBe('Библиотека: Сапарова Дана взял(а) книги');
    expect(latest(mother.email).text).toContain(
      `— Абай жолы (Әуезов М.), вернуть до ${due.split('-').reverse().join('.')}`,
    );
    const back = await t.call({
      method: 'POST',
      url: '/api/book/returning',
      token: librarian,
      payload: { user_id: dana.id, book_ids: ids },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await notifier().runOnce()).toMatchObject({ events: 1, sent: 1 });
    expect(latest(mother.email).subject).toBe('Библиотека: Сапарова Дана вернул(а) книги');
  });

  it('tells a book due in two days, then overdue, once a day from 09:00, instead of the daily overdue letter', async () => {
    expect(
      (
        await put(dana.id, mother.token, {
          choices: [...chosen, { event: 'book_due', channel: 'email' }, { event: 'book_overdue', channel: 'email' }],
        })
      ).statusCode,
    ).toBe(200);
    const book = await t.call({
      method: 'POST',
      url: '/api/book',
      token: staff,
      payload: { schoolId, name: 'Қан мен тер', authors: 'Нұрпейісов Ә.', publisher: 'Жазушы', year: 2015 },
    });
    const made = await t.call({
      method: 'POST',
      url: '/api/book/count',
      token: staff,
      payload: { book_id: book.json().id, count: 1 },
    });
    const ids = (made.json() as { barcodes: { id: number }[] }).barcodes.map((b) => b.id);
    const localDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(at);
    const due = localDay(new Date(t.clock.now.getTime() + 2 * 86_400_000));
    const issued = await t.call({
      method: 'POST',
      url: '/api/book/issuance',
      token: librarian,
      payload: { user_id: dana.id, book_ids: ids, expired_at: due },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    await notifier().runOnce();
    const overdue = createOverdueNotices(t.platform, createSchoolsService(t.platform));
    const dueDay = due.split('-').reverse().join('.');
    // 12:30 in Almaty, two days before the due day: the notice goes, once however often it is looked for.
    await Promise.all([overdue.runOnce(), overdue.runOnce()]);
    expect(await notifier().runOnce()).toMatchObject({ events: 1, sent: 1 });
    expect(latest(mother.email).subject).toBe(`Библиотека: Сапарова Дана — вернуть книгу до ${dueDay}`);
    expect(latest(mother.email).text).toContain(
      `Сапарова Дана: через два дня, до ${dueDay}, нужно вернуть в библиотеку (Школа №5):\n— Қан мен тер (Нұрпейісов Ә.)`,
    );
    await overdue.runOnce();
    expect(await notifier().runOnce()).toMatchObject({ events: 0 });

    // Three days on, at 08:00 nothing yet; from 09:00 the overdue notice, and a grandmother (who did
    // not choose it) gets the school's daily overdue letter, the mother not a second one.
    const granny = await createUser(t.db, {
      role: 'Parent',
      organizationId: null,
      email: `granny-${Date.now()}@test.kz`,
      language: 'kk',
    });
    await t.db.insert(parentChildren).values({ parentId: granny.id, pupilId: dana.id });
    t.clock.now = new Date(`${localDay(new Date(t.clock.now.getTime() + 3 * 86_400_000))}T03:00:00Z`);
    await overdue.runOnce();
    expect(await notifier().runOnce()).toMatchObject({ events: 0 });
    t.clock.advance(3_600_000);
    await overdue.runOnce();
    expect(await notifier().runOnce()).toMatchObject({ events: 1, sent: 1 });
    expect(latest(mother.email).subject).toBe('Библиотека: Сапарова Дана не вернул(а) книги вовремя');
    expect(latest(mother.email).text).toContain(`— Қан мен тер (Нұрпейісов Ә.), вернуть до ${dueDay}`);
    expect(mailsTo(mother.email).filter((m) => m.subject.includes('не вернул(а) книги вовремя'))).toHaveLength(1);
    expect(mailsTo(granny.email!).map((m) => m.subject)).toEqual([
      'Кітапхана: Сапарова Дана кітаптарды уақытында қайтармады',
    ]);
    t.clock.now = new Date(NOON);
  });
});

describe('quiet hours and the daily digest', () => {
  let parent: { id: number; email: string; token: string };
  const settings = (token: string, payload?: object) =>
    t.call({
      method: payload ? 'PUT' : 'GET',
      url: '/api/parent/notifications/settings',
      token,
      ...(payload ? { payload } : {}),
    });
  const pendingOf = (parentId: number) =>
    t.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.parentId, parentId), eq(notificationDeliveries.status, 'pending')));
  beforeAll(async () => {
    const user = await createUser(t.db, { role: 'Parent', organizationId: null, email: `quiet-${Date.now()}@test.kz` });
    await t.db.insert(parentChildren).values({ parentId: user.id, pupilId: timur.id });
    parent = { id: user.id, email: user.email!, token: await tokenFor(t.platform, user) };
    expect((await put(timur.id, parent.token, MEAL_BY_EMAIL)).statusCode).toBe(200);
  });

  it('reads none set, and refuses half a quiet time, a bad time and the same start and end', async () => {
    expect((await settings(parent.token)).json()).toEqual({ quiet_from: null, quiet_to: null, email_digest: false });
    const half = await settings(parent.token, { quiet_from: '21:00', quiet_to: null, email_digest: false });
    expect(half.statusCode).toBe(422);
    expect(half.json().validationErrors.quiet_to).toEqual([M.quietBoth]);
    const bad = await settings(parent.token, { quiet_from: '25:00', quiet_to: '07:00', email_digest: false });
    expect(bad.json().validationErrors.quiet_from).toEqual([M.quietTime]);
    const same = await settings(parent.token, { quiet_from: '07:00', quiet_to: '07:00', email_digest: false });
    expect(same.json().validationErrors.quiet_to).toEqual([M.quietSame]);
    expect((await settings(staff, { quiet_from: null, quiet_to: null, email_digest: false })).statusCode).toBe(403);
    expect((await settings(parent.token)).json().quiet_from).toBeNull();
  });

  it('holds a letter that falls in the quiet hours until they end, in the organization’s time', async () => {
    const saved = await settings(parent.token, { quiet_from: '12:00', quiet_to: '14:30', email_digest: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ quiet_from: '12:00', quiet_to: '14:30', email_digest: false });
    t.clock.now = new Date('2026-12-07T07:30:00Z'); // Monday 12:30 in Almaty
    expect((await scan(timur.card)).statusCode).toBe(200);
    // (Timur's other parent, without quiet hours, hears of it at once.)
    expect(await notifier().runOnce()).toMatchObject({ events: 1 });
    expect(mailsTo(parent.email)).toHaveLength(0);
    const [held] = await pendingOf(parent.id);
    expect(held!.nextAt.toISOString()).toBe('2026-12-07T09:30:00.000Z'); // 14:30 in Almaty
    t.clock.now = new Date('2026-12-07T09:30:00Z');
    expect(await notifier().runOnce()).toMatchObject({ sent: 1 });
    expect(mailsTo(parent.email)).toHaveLength(1);
  });

  it('quiet hours over midnight hold a late letter until the morning', async () => {
    await settings(parent.token, { quiet_from: '21:00', quiet_to: '07:00', email_digest: false });
    t.clock.now = new Date('2026-12-08T17:00:00Z'); // 22:00 in Almaty
    expect((await scan(timur.card)).statusCode).toBe(200);
    await notifier().runOnce();
    const [held] = await pendingOf(parent.id);
    expect(held!.nextAt.toISOString()).toBe('2026-12-09T02:00:00.000Z'); // 07:00 the next morning
  });

  it('gathers the day’s letters into one digest at 19:00', async () => {
    await t.db.delete(notificationDeliveries).where(eq(notificationDeliveries.parentId, parent.id));
    await settings(parent.token, { quiet_from: null, quiet_to: null, email_digest: true });
    t.clock.now = new Date('2026-12-09T04:00:00Z'); // 09:00 in Almaty
    expect((await scan(timur.card)).statusCode).toBe(200);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `/api/parent/child/${timur.id}/notifications`,
          token: parent.token,
          payload: {
            choices: [
              { event: 'meal', channel: 'email' },
              { event: 'absent', channel: 'email' },
            ],
          },
        })
      ).statusCode,
    ).toBe(200);
    await notifier().runOnce();
    t.clock.now = new Date('2026-12-09T06:00:00Z'); // 11:00: marked absent after breakfast, say
    const absent = await t.call({
      method: 'PUT',
      url: '/api/absences',
      token: staff,
      payload: { classroom_id: classroomId, date: '2026-12-09', absent_ids: [timur.id] },
    });
    expect(absent.statusCode, absent.body).toBe(200);
    await notifier().runOnce();
    const held = await pendingOf(parent.id);
    expect(held.map((d) => [d.digest, d.nextAt.toISOString()])).toEqual([
      [true, '2026-12-09T14:00:00.000Z'],
      [true, '2026-12-09T14:00:00.000Z'],
    ]);
    const before = mailsTo(parent.email).length;
    t.clock.now = new Date('2026-12-09T14:00:00Z');
    expect(await notifier().runOnce()).toMatchObject({ sent: 2 });
    const letters = mailsTo(parent.email).slice(before);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe('Tamaq: события о детях за день (2)');
    expect(letters[0]!.text).toContain('Сапаров Тимур: Соцкошелёк — 09.12.2026 в 09:00, Школа №5.');
    expect(letters[0]!.text).toContain('Сапаров Тимур: 09.12.2026 отмечен(а) отсутствующим(ей)');
  });
});
