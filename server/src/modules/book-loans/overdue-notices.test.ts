import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Book, OverdueNoticeList } from '@tamaq/contract/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentChildren } from '../../platform/db/schema-people.ts';
import { organizations } from '../../platform/db/schema.ts';
import { bookOverdueNotices } from '../../platform/db/schema-library.ts';
import { createMailer } from '../../platform/mail.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import { createClassroom, createPupil } from '../../../test/factories-people.ts';
import { createSchoolsService } from '../schools/schools.service.ts';
import { createOverdueNotices } from './overdue-notices.ts';

let t: TestContext;
let orgId: number;
let schoolId: number;
let school2Id: number;
let admin: string;
let librarian: string;
let cashier: string;
let outsider: string;
let aigerim: number;
let bolat: number;
let mother: string;
let father: string;

/** 08:00 and 09:30 in Almaty (UTC+5) on a day `d` days after 1 September 2026. */
const at = (d: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 8, 1 + d, hour - 5, minute));

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  payload === undefined ? t.call({ method, url, token }) : t.call({ method, url, token, payload });

const notices = () => createOverdueNotices(t.platform, createSchoolsService(t.platform));
const mailsTo = (address: string) => t.smtp.received.filter((m) => m.to.includes(address));

async function issue(pupil: number, name: string, n: number, due: string) {
  const book = await call('POST', '/api/book', admin, {
    schoolId,
    name,
    authors: 'Ауэзов М.',
    publisher: 'Мектеп',
    year: 2017,
  });
  const made = (await call('POST', '/api/book/count', admin, { book_id: book.json().id, count: n })).json() as Book;
  const ids = made.barcodes.map((b) => b.id);
  const res = await call('POST', '/api/book/issuance', librarian, { user_id: pupil, book_ids: ids, expired_at: due });
  expect(res.statusCode, res.body).toBe(200);
  return ids;
}

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { timeZone: 'Asia/Almaty', modules: ['library'] })).id;
  schoolId = (await createSchool(t.db, { organizationId: orgId, name: 'Гимназия №7', nameKk: '№7 гимназия' })).id;
  school2Id = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №9' })).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
  ({ token: librarian } = await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: orgId, schoolId }));
  ({ token: cashier } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId }));
  ({ token: outsider } = await signedIn(t.platform, {
    role: 'EducationAdmin',
    organizationId: (await createOrganization(t.db, { modules: ['library'] })).id,
  }));
  const classroom = await createClassroom(t.db, { organizationId: orgId, schoolId, name: '7 А' });
  aigerim = (
    await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: classroom.id, name: 'Айгерим Сапарова' })
  ).id;
  bolat = (
    await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: classroom.id, name: 'Болат Ахметов' })
  ).id;
  const parent = async (email: string | null, deleted = false, language: 'ru' | 'kk' | null = null) => {
    const user = await createUser(t.db, {
      role: 'Parent',
      organizationId: null,
      email,
      language,
      ...(deleted ? { deletedAt: new Date() } : {}),
    });
    await t.db.insert(parentChildren).values({ parentId: user.id, pupilId: aigerim });
    return user.email;
  };
  mother = (await parent(`mother-${Date.now()}@test.kz`))!;
  father = (await parent(`father-${Date.now()}@test.kz`, false, 'kk'))!;
  await parent(null);
  await parent(`gone-${Date.now()}@test.kz`, true);
  // Bolat has no parent with an account.

  t.clock.now = at(0, 10);
  await issue(aigerim, 'Путь Абая', 2, '2026-09-10');
  await issue(aigerim, 'Кочевники', 1, '2026-09-20');
  await issue(bolat, 'Абай жолы', 1, '2026-09-10');
});
afterAll(() => t.close());

describe('overdue notices', () => {
  it('sends nothing before the due date has passed, nor before 09:00 on the day after', async () => {
    t.clock.now = at(9, 18); // 10 September: due today, not overdue
    expect(await notices().runOnce()).toEqual({ sent: 0, kept: 0, no_parent: 0, failed: 0 });
    t.clock.now = at(10, 8, 59); // 11 September, 08:59 in Almaty
    expect(await notices().runOnce()).toEqual({ sent: 0, kept: 0, no_parent: 0, failed: 0 });
    expect(mailsTo(mother)).toHaveLength(0);
  });

  it('sends nothing while the organization has no library', async () => {
    await t.db.update(organizations).set({ modules: [] }).where(eq(organizations.id, orgId));
    t.clock.now = at(10, 9, 30);
    expect(await notices().runOnce()).toEqual({ sent: 0, kept: 0, no_parent: 0, failed: 0 });
    expect(await t.db.select().from(bookOverdueNotices)).toHaveLength(0);
    await t.db
      .update(organizations)
      .set({ modules: ['library'] })
      .where(eq(organizations.id, orgId));
  });

  it('mails each parent once a day, listing the overdue copies, even with two instances at once', async () => {
    t.clock.now = at(10, 9, 30);
    const [one, two] = await Promise.all([notices().runOnce(), notices().runOnce()]);
    // Aigerim's two overdue copies went to both parents; Bolat's has no one to go to.
    expect({
      sent: one.sent + two.sent,
      kept: one.kept + two.kept,
      no_parent: one.no_parent + two.no_parent,
      failed: one.failed + two.failed,
    }).toEqual({ sent: 2, kept: 0, no_parent: 1, failed: 0 });
    const mails = mailsTo(mother);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Библиотека: Айгерим Сапарова не вернул(а) книги вовремя');
    expect(mails[0]!.text).toContain('Айгерим Сапарова (7 А)');
    expect(mails[0]!.text).toContain('«Гимназия №7»');
    expect(mails[0]!.text.match(/— Путь Абая \(Ауэзов М\.\), штрихкод \d+, вернуть до 10\.09\.2026/g)).toHaveLength(2);
    expect(mails[0]!.text).not.toContain('Кочевники');
    // The father reads Kazakh: the school is named in Kazakh too.
    const his = mailsTo(father);
    expect(his).toHaveLength(1);
    expect(his[0]!.text).toContain('«№7 гимназия» мектебінің');
    expect(his[0]!.text).not.toContain('Гимназия №7');
    expect(his[0]!.text.match(/— Путь Абая \(Ауэзов М\.\)/g)).toHaveLength(2);
    expect(his[0]!.text).not.toContain('Кочевники');
    // The same day again: nothing more.
    t.clock.now = at(10, 17);
    expect(await notices().runOnce()).toEqual({ sent: 0, kept: 0, no_parent: 0, failed: 0 });
    expect(mailsTo(mother)).toHaveLength(1);
  });

  it('lists what was sent to whom for the library roles of the school', async () => {
    const res = await call('GET', `/api/books/notices?schoolId=${schoolId}`, librarian);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as OverdueNoticeList;
    expect(list.total).toBe(3);
    const byPupil = (name: string) => list.rows.filter((r) => r.user.name === name);
    expect(byPupil('Айгерим Сапарова')).toHaveLength(2);
    expect(byPupil('Айгерим Сапарова')[0]).toMatchObject({
      day: '2026-09-11',
      status: 'sent',
      recipients: [mother, father],
      book: { name: 'Путь Абая' },
      expired_at: '2026-09-10',
      user: { classroom: { name: '7 А' } },
      error: null,
      sent_at: at(10, 9, 30).toISOString(),
    });
    expect(byPupil('Болат Ахметов')).toMatchObject([{ status: 'no_parent', recipients: [], sent_at: null }]);
    const searched = (await call('GET', `/api/books/notices?query=${encodeURIComponent('болат')}`, admin)).json();
    expect((searched as OverdueNoticeList).rows.map((r) => r.user.name)).toEqual(['Болат Ахметов']);

    expect((await call('GET', '/api/books/notices', cashier)).statusCode).toBe(403);
    expect(((await call('GET', '/api/books/notices', outsider)).json() as OverdueNoticeList).total).toBe(0);
    expect((await call('GET', `/api/books/notices?schoolId=${schoolId}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/books/notices?schoolId=${school2Id}`, librarian)).statusCode).toBe(404);
    const bad = await call('GET', '/api/books/notices?limit=0', librarian);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors).toHaveProperty('limit');
  });

  it('notices again the next day, not a returned copy, and records a refused mail', async () => {
    expect(await t.db.select().from(bookOverdueNotices)).toHaveLength(3);
    const returned = await call('POST', '/api/book/returning', librarian, {
      user_id: bolat,
      book_ids: [
        (
          await call('GET', `/api/books/on/hand?schoolId=${schoolId}&query=${encodeURIComponent('Абай жолы')}`, admin)
        ).json().rows[0].barcode_id,
      ],
    });
    expect(returned.statusCode, returned.body).toBe(200);

    // A mail server that refuses every recipient.
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (_address, _session, callback) => callback(new Error('Mailbox unavailable')),
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`,
        from: t.platform.config.mailFrom,
        db: t.db,
        log: { error: () => {} } as never,
      });
      t.clock.now = at(11, 9, 5);
      const down = createOverdueNotices({ ...t.platform, mailer }, createSchoolsService(t.platform));
      expect(await down.runOnce()).toEqual({ sent: 0, kept: 0, no_parent: 0, failed: 2 });
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
    const today = await t.db.select().from(bookOverdueNotices).where(eq(bookOverdueNotices.day, '2026-09-12'));
    expect(today.map((n) => n.status)).toEqual(['failed', 'failed']);
    expect(today[0]!.error).toContain(mother);
    expect(today[0]!.recipients).toEqual([]);
    // Kochevniki, due on the 20th, is overdue on the 21st.
    t.clock.now = at(20, 9);
    expect(await notices().runOnce()).toEqual({ sent: 3, kept: 0, no_parent: 0, failed: 0 });
    expect(mailsTo(mother).at(-1)!.text).toContain('Кочевники');
  });

  it('says a notice was kept, not sent, while no mail server is configured', async () => {
    const outbox = createMailer({
      smtpUrl: null,
      from: t.platform.config.mailFrom,
      db: t.db,
      log: { info: () => {} } as never,
    });
    t.clock.now = at(21, 9, 5);
    const before = mailsTo(mother).length;
    const run = createOverdueNotices({ ...t.platform, mailer: outbox }, createSchoolsService(t.platform));
    expect(await run.runOnce()).toEqual({ sent: 0, kept: 3, no_parent: 0, failed: 0 });
    expect(mailsTo(mother)).toHaveLength(before);
    const day = await t.db.select().from(bookOverdueNotices).where(eq(bookOverdueNotices.day, '2026-09-22'));
    expect(day.map((n) => [n.status, n.sentAt])).toEqual([
      ['kept', null],
      ['kept', null],
      ['kept', null],
    ]);
    const listed = await call('GET', `/api/books/notices?schoolId=${schoolId}`, librarian);
    expect(listed.statusCode).toBe(200);
    const rows = (listed.json() as { rows: { day: string; status: string; sent_at: string | null }[] }).rows;
    expect(rows.filter((r) => r.day === '2026-09-22').map((r) => [r.status, r.sent_at])).toEqual([
      ['kept', null],
      ['kept', null],
      ['kept', null],
    ]);
  });
});
