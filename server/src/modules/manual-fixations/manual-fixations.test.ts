import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, createUser, signedIn } from '../../../test/factories.ts';
import {
  createCanteen,
  createCard,
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
} from '../../../test/factories-people.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { visits } from '../../platform/db/schema-people.ts';
import { noonOf } from './manual-time.ts';
import type { ManualList } from '@tamaq/contract/manual-fixations';

let t: TestContext;

// 13:00 in Almaty (UTC+5): inside the lunch window 12:00–15:00, on 2026-11-20.
const LUNCH = new Date('2026-11-20T08:00:00Z');
const TODAY = '2026-11-20';

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = new Date(LUNCH);
});

const visitsOf = (userIds: number[]) =>
  t.db.select().from(visits).where(inArray(visits.userId, userIds)).orderBy(asc(visits.id));

const auditOf = (visitIds: number[]) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'visit'),
        inArray(
          auditLog.entityId,
          visitIds.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(asc(auditLog.id));

describe('canteen manual fixation (/api/fixation/manual)', () => {
  /** A company of its own per test: the list is every card holder of the organization. */
  async function company() {
    const org = await createOrganization(t.db, { type: 'company' });
    const canteen = await createCanteen(t.db, { organizationId: org.id });
    const lunch = await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Обед',
      timeStart: '12:00',
      timeFinish: '15:00',
    });
    const admin = await signedIn(t.platform, { role: 'Admin', organizationId: org.id });
    const cashier = await signedIn(t.platform, { role: 'Cashier', organizationId: org.id });
    const employee = async (name: string, opts: { endless?: boolean; card?: boolean; role?: 'Cashier' } = {}) => {
      const user = await createUser(t.db, {
        name,
        jobTitle: 'Инженер',
        organizationId: org.id,
        ...(opts.role ? { role: opts.role } : { role: undefined as never, roleId: null }),
      });
      const card =
        opts.card === false
          ? null
          : await createCard(t.db, { organizationId: org.id, userId: user.id, endlessUse: opts.endless ?? false });
      return { user, card };
    };
    const list = (date = TODAY, token = admin.token, q: Record<string, number> = {}) =>
      t.call({
        method: 'GET',
        url: `/api/fixation/manual?${new URLSearchParams({
          date,
          canteen_id: String(q.canteen_id ?? canteen.id),
          category_id: String(q.category_id ?? lunch.id),
        })}`,
        token,
      });
    const save = (body: Record<string, unknown>, token = admin.token) =>
      t.call({
        method: 'POST',
        url: '/api/fixation/manual',
        token,
        payload: { date: TODAY, canteen_id: canteen.id, category_id: lunch.id, users_ids: [], ...body },
      });
    const scan = (cardNumber: string, canteenId = canteen.id) =>
      t.call({
        method: 'POST',
        url: '/api/fixation',
        token: cashier.token,
        payload: { cardId: cardNumber, canteenId },
      });
    return { org, canteen, lunch, admin, cashier, employee, list, save, scan };
  }

  it('lists the card holders without a role by name, with who already ate in this canteen and category', async () => {
    const c = await company();
    const bekova = await c.employee('Бекова Айгуль');
    const akhmetov = await c.employee('Ахметов Ерлан', { endless: true });
    await c.employee('Без карты', { card: false });
    await c.employee('Кассир с картой', { role: 'Cashier' });
    const gone = await c.employee('Уволенный');
    await t.db.execute(sql`update users set deleted_at = now() where id = ${gone.user.id}`);
    expect((await c.scan(bekova.card!.number)).statusCode).toBe(200);

    const res = await c.list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 2,
      rows: [
        {
          id: akhmetov.user.id,
          name: 'Ахметов Ерлан',
          job_title: 'Инженер',
          image: null,
          classroom: null,
          foodCategory: null,
          fixation: false,
          fixation_count: 0,
          endless_use: true,
        },
        expect.objectContaining({ id: bekova.user.id, fixation: true, fixation_count: 1, endless_use: false }),
      ],
    });
    // Another day, or another meal time, is another list.
    expect((await c.list('2026-11-19')).json().rows.every((r: { fixation: boolean }) => !r.fixation)).toBe(true);
    const dinner = await createFixationCategory(t.db, {
      organizationId: c.org.id,
      timeStart: '17:00',
      timeFinish: '20:00',
    });
    const other = await c.list(TODAY, c.admin.token, { category_id: dinner.id });
    expect(other.json().rows.find((r: { id: number }) => r.id === bekova.user.id).fixation).toBe(false);
  });

  it('sets exactly the marked set: adds the newly marked, removes the unmarked, leaves the others, audited', async () => {
    const c = await company();
    const a = await c.employee('Алиев');
    const b = await c.employee('Борисова');
    const d = await c.employee('Давлетов');
    const scanned = (await c.scan(a.card!.number)).json();

    const first = await c.save({ users_ids: [a.user.id, b.user.id] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ added: 1, removed: 0, changed: 0 });
    const [bVisit] = await visitsOf([b.user.id]);
    expect(bVisit).toMatchObject({
      organizationId: c.org.id,
      canteenId: c.canteen.id,
      schoolId: null,
      fixationCategoryId: c.lunch.id,
      cardId: b.card!.id,
      count: 1,
      oneTime: true,
      visitDate: TODAY,
      createdBy: c.admin.user.id,
    });
    // Today: recorded now.
    expect(bVisit!.createdAt.toISOString()).toBe(LUNCH.toISOString());

    const second = await c.save({ users_ids: [b.user.id, d.user.id] });
    expect(second.json()).toEqual({ added: 1, removed: 1, changed: 0 });
    expect(await visitsOf([a.user.id])).toEqual([]);
    const [bAgain] = await visitsOf([b.user.id]);
    expect(bAgain!.id).toBe(bVisit!.id);
    const [dVisit] = await visitsOf([d.user.id]);

    const rows = (await c.list()).json().rows as { id: number; fixation: boolean }[];
    expect(rows.map((r) => [r.id, r.fixation])).toEqual([
      [a.user.id, false],
      [b.user.id, true],
      [d.user.id, true],
    ]);

    const log = await auditOf([scanned.id, bVisit!.id, dVisit!.id]);
    expect(log.map((l) => [l.action, Number(l.entityId), l.actorId])).toEqual([
      ['visit_manual_create', bVisit!.id, c.admin.user.id],
      ['visit_manual_delete', scanned.id, c.admin.user.id],
      ['visit_manual_create', dVisit!.id, c.admin.user.id],
    ]);
    expect(log[1]!.before).toMatchObject({ id: scanned.id, userId: a.user.id, canteenId: c.canteen.id });
    expect(log[1]!.after).toBeNull();
    expect(log[0]!.after).toMatchObject({ id: bVisit!.id, userId: b.user.id, createdBy: c.admin.user.id });
  });

  it('leaves an unmarked person’s visits in another canteen or at another meal time alone', async () => {
    const c = await company();
    // An endless card: one person can have lunch in both canteens and dinner here on one day.
    const a = await c.employee('Алиев', { endless: true });
    const second = await createCanteen(t.db, { organizationId: c.org.id });
    const dinner = await createFixationCategory(t.db, {
      organizationId: c.org.id,
      timeStart: '17:00',
      timeFinish: '20:00',
    });
    expect((await c.save({ users_ids: [a.user.id] })).json()).toMatchObject({ added: 1 });
    expect((await c.save({ category_id: dinner.id, users_ids: [a.user.id] })).json()).toMatchObject({ added: 1 });
    expect((await c.save({ canteen_id: second.id, users_ids: [a.user.id] })).json()).toMatchObject({ added: 1 });

    expect((await c.save({ users_ids: [] })).json()).toEqual({ added: 0, removed: 1, changed: 0 });
    const left = await visitsOf([a.user.id]);
    expect(left.map((v) => [v.canteenId, v.fixationCategoryId])).toEqual([
      [c.canteen.id, dinner.id],
      [second.id, c.lunch.id],
    ]);
  });

  it('answers a second identical save with no change', async () => {
    const c = await company();
    const a = await c.employee('Алиев');
    const e = await c.employee('Ершов', { endless: true });
    const body = { users_ids: [a.user.id, e.user.id], counts: { [e.user.id]: 4 } };
    expect((await c.save(body)).json()).toEqual({ added: 2, removed: 0, changed: 0 });
    const before = await visitsOf([a.user.id, e.user.id]);
    expect((await c.save(body)).json()).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(await visitsOf([a.user.id, e.user.id])).toEqual(before);
  });

  it('gives an endless holder the count asked: set, replaced by one visit, removed when unmarked', async () => {
    const c = await company();
    const e = await c.employee('Ершов', { endless: true });

    expect((await c.save({ users_ids: [e.user.id], counts: { [e.user.id]: 3 } })).json()).toMatchObject({ added: 1 });
    const [set] = await visitsOf([e.user.id]);
    expect(set).toMatchObject({ count: 3, oneTime: false, cardId: e.card!.id });

    // Two more scans make three visits, five servings; saving 2 leaves one visit of 2.
    expect((await c.scan(e.card!.number)).statusCode).toBe(200);
    t.clock.advance(5000);
    expect((await c.scan(e.card!.number)).statusCode).toBe(200);
    const listed = (await c.list()).json().rows[0];
    expect(listed).toMatchObject({ fixation: true, fixation_count: 5 });
    const replaced = await c.save({ users_ids: [e.user.id], counts: { [e.user.id]: 2 } });
    expect(replaced.json()).toEqual({ added: 0, removed: 0, changed: 1 });
    const after = await visitsOf([e.user.id]);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: set!.id, count: 2 });
    const [change] = await auditOf([set!.id]).then((l) => l.filter((x) => x.action === 'visit_manual_count'));
    expect(change!.actorId).toBe(c.admin.user.id);
    expect((change!.before as { count: number }[]).map((v) => v.count)).toEqual([3, 1, 1]);
    expect(change!.after).toMatchObject({ id: set!.id, count: 2 });

    // A count in `counts` alone marks the holder; a marked holder without a count gets 1.
    expect((await c.save({ users_ids: [], counts: { [e.user.id]: 7 } })).json()).toMatchObject({ changed: 1 });
    expect((await visitsOf([e.user.id]))[0]!.count).toBe(7);
    expect((await c.save({ users_ids: [e.user.id] })).json()).toMatchObject({ changed: 1 });
    expect((await visitsOf([e.user.id]))[0]!.count).toBe(1);

    expect((await c.save({ users_ids: [] })).json()).toEqual({ added: 0, removed: 1, changed: 0 });
    expect(await visitsOf([e.user.id])).toEqual([]);
  });

  it('refuses a count of 0, 1001 or a fraction, and a count for a one-time card (422, nothing changed)', async () => {
    const c = await company();
    const a = await c.employee('Алиев');
    const e = await c.employee('Ершов', { endless: true });
    for (const n of [0, 1001, 1.5, '3']) {
      const res = await c.save({ users_ids: [a.user.id, e.user.id], counts: { [e.user.id]: n } });
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors[`counts.${e.user.id}`]).toBeDefined();
    }
    const oneTime = await c.save({ users_ids: [a.user.id], counts: { [a.user.id]: 2 } });
    expect(oneTime.statusCode).toBe(422);
    expect(oneTime.json().validationErrors.counts).toEqual(['Количество указывается только для безлимитной карты']);
    expect(await visitsOf([a.user.id, e.user.id])).toEqual([]);
  });

  it('refuses a future date on date; a past date is recorded at noon of that day in the organization’s zone', async () => {
    const c = await company();
    const a = await c.employee('Алиев');
    const future = await c.save({ date: '2026-11-21', users_ids: [a.user.id] });
    expect(future.statusCode).toBe(422);
    expect(future.json().validationErrors.date).toEqual(['Нельзя отметить питание на будущую дату']);
    expect(await visitsOf([a.user.id])).toEqual([]);

    expect((await c.save({ date: '2026-11-02', users_ids: [a.user.id] })).json()).toMatchObject({ added: 1 });
    const [past] = await visitsOf([a.user.id]);
    expect(past).toMatchObject({ visitDate: '2026-11-02' });
    expect(past!.createdAt.toISOString()).toBe('2026-11-02T07:00:00.000Z');

    // At 01:00 in Almaty (20:00 UTC the day before) "today" is already the 21st there.
    t.clock.now = new Date('2026-11-20T20:00:00Z');
    expect((await c.save({ date: '2026-11-21', users_ids: [a.user.id] })).json()).toMatchObject({ added: 1 });
    const today = (await visitsOf([a.user.id])).find((v) => v.visitDate === '2026-11-21');
    expect(today!.createdAt.toISOString()).toBe('2026-11-20T20:00:00.000Z');
  });

  it('refuses a user id the list does not show (422 on users_ids) and records nobody', async () => {
    const c = await company();
    const a = await c.employee('Алиев');
    const noCard = await c.employee('Без карты', { card: false });
    const stranger = await createUser(t.db, { role: undefined as never, roleId: null });
    for (const id of [noCard.user.id, stranger.id, 999_999]) {
      const res = await c.save({ users_ids: [a.user.id, id] });
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors.users_ids).toEqual(['В списке нет такого человека: обновите страницу']);
    }
    const hugeKey = await c.save({ users_ids: [a.user.id], counts: { '9999999999': 1 } });
    expect(hugeKey.json().validationErrors.counts).toEqual(['В списке нет такого человека: обновите страницу']);
    const yearZero = await c.save({ date: '0000-01-01', users_ids: [a.user.id] });
    expect(yearZero.json().validationErrors.date).toBeDefined();
    expect(await visitsOf([a.user.id, noCard.user.id, stranger.id])).toEqual([]);
    // The same id twice is one mark.
    expect((await c.save({ users_ids: [a.user.id, a.user.id] })).json()).toMatchObject({ added: 1 });
  });

  it('answers 409 naming the person whose one-time meal of that day was recorded in another canteen', async () => {
    const c = await company();
    const a = await c.employee('Алиев');
    const b = await c.employee('Борисова');
    const second = await createCanteen(t.db, { organizationId: c.org.id });
    expect((await c.scan(a.card!.number, second.id)).statusCode).toBe(200);
    const res = await c.save({ users_ids: [a.user.id, b.user.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe('Алиев: питание за этот день уже записано в другом месте');
    // One transaction: Борисова was not recorded either.
    expect(await visitsOf([b.user.id])).toEqual([]);
    expect(await visitsOf([a.user.id])).toHaveLength(1);
  });

  it('never records a double when a scan and a manual save of one person run at once', async () => {
    const c = await company();
    const a = await c.employee('Алиев');
    const e = await c.employee('Ершов', { endless: true });
    const answers = await Promise.all([c.scan(a.card!.number), c.save({ users_ids: [a.user.id] })]);
    expect(answers.map((r) => r.statusCode).every((s) => s === 200 || s === 409)).toBe(true);
    expect(await visitsOf([a.user.id])).toHaveLength(1);
    // Two admins saving one endless holder at once: one visit of the count, not two.
    const body = { users_ids: [e.user.id], counts: { [e.user.id]: 2 } };
    const both = await Promise.all([c.save(body), c.save(body)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await visitsOf([e.user.id]);
    expect(rows.map((v) => v.count)).toEqual([2]);
  });

  it('answers 403 to roles other than the admin', async () => {
    const c = await company();
    const a = await c.employee('Алиев');
    expect((await c.list(TODAY, c.cashier.token)).statusCode).toBe(403);
    expect((await c.save({ users_ids: [a.user.id] }, c.cashier.token)).statusCode).toBe(403);
    const economist = await signedIn(t.platform, { role: 'Economist', organizationId: c.org.id });
    expect((await c.save({ users_ids: [a.user.id] }, economist.token)).statusCode).toBe(403);
    expect(await visitsOf([a.user.id])).toEqual([]);
  });

  it('answers 422 on canteen_id and category_id for another organization’s canteen or category', async () => {
    const c = await company();
    const a = await c.employee('Алиев');
    const foreign = await company();
    const canteen = await c.list(TODAY, c.admin.token, { canteen_id: foreign.canteen.id });
    expect(canteen.statusCode).toBe(422);
    expect(canteen.json().validationErrors.canteen_id).toEqual(['Столовая не найдена']);
    const category = await c.save({ category_id: foreign.lunch.id, users_ids: [a.user.id] });
    expect(category.statusCode).toBe(422);
    expect(category.json().validationErrors.category_id).toBeDefined();
    const save = await c.save({ canteen_id: foreign.canteen.id, users_ids: [a.user.id] });
    expect(save.statusCode).toBe(422);
    expect(await visitsOf([a.user.id])).toEqual([]);
  });
});

describe('school manual fixation (/api/school/fixation/manual)', () => {
  async function school(type: 'education' | 'kindergarten' = 'education') {
    const org = await createOrganization(t.db, { type });
    const s = await createSchool(t.db, { organizationId: org.id });
    const classA = await createClassroom(t.db, { organizationId: org.id, schoolId: s.id, name: '1 «А»' });
    const classB = await createClassroom(t.db, { organizationId: org.id, schoolId: s.id, name: '1 «Б»' });
    const sw = await createFoodCategory(t.db, { organizationId: org.id, type: 'sw', cost: '650.00' });
    const common = await createFoodCategory(t.db, { organizationId: org.id, cost: '900.00' });
    const admin = await signedIn(t.platform, {
      role: type === 'kindergarten' ? 'EducationKindergartenAdmin' : 'EducationAdmin',
      organizationId: org.id,
    });
    const pupil = async (name: string, classroomId: number, foodCategoryId: number | null) => {
      const p = await createPupil(t.db, {
        name,
        organizationId: org.id,
        schoolId: s.id,
        classroomId,
        foodCategoryId,
      });
      return { p, card: await createCard(t.db, { organizationId: org.id, userId: p.id }) };
    };
    const query = (q: Record<string, string | number>) =>
      new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const list = (q: Record<string, string | number>, token = admin.token) =>
      t.call({
        method: 'GET',
        url: `/api/school/fixation/manual?${query({ date: TODAY, school_id: s.id, ...q })}`,
        token,
      });
    const save = (body: Record<string, unknown>, token = admin.token) =>
      t.call({
        method: 'POST',
        url: '/api/school/fixation/manual',
        token,
        payload: { date: TODAY, school_id: s.id, users_ids: [], ...body },
      });
    return { org, school: s, classA, classB, sw, common, admin, pupil, list, save };
  }

  it('lists the pupils by class and/or food category, with who already ate in the school that day', async () => {
    const s = await school();
    const p1 = await s.pupil('Абаев Нурлан', s.classA.id, s.sw.id);
    const p2 = await s.pupil('Бахыт Алия', s.classA.id, s.common.id);
    const p3 = await s.pupil('Ваганов Олег', s.classB.id, s.sw.id);
    const cashier = await signedIn(t.platform, { role: 'EducationCashier', organizationId: s.org.id });
    const scan = await t.call({
      method: 'POST',
      url: '/api/school/fixation',
      token: cashier.token,
      payload: { cardId: p1.card.number, schoolId: s.school.id },
    });
    expect(scan.statusCode).toBe(200);

    const byClass = await s.list({ classroom_id: s.classA.id });
    expect(byClass.statusCode).toBe(200);
    expect(byClass.json()).toEqual({
      total: 2,
      rows: [
        {
          id: p1.p.id,
          name: 'Абаев Нурлан',
          job_title: null,
          image: null,
          classroom: { id: s.classA.id, name: '1 «А»', name_ru: '1 «А»', name_kk: null },
          foodCategory: { id: s.sw.id, name: s.sw.name },
          fixation: true,
          fixation_count: 1,
          endless_use: false,
        },
        expect.objectContaining({ id: p2.p.id, fixation: false, fixation_count: 0 }),
      ],
    });
    const byCategory = (await s.list({ category_id: s.sw.id })).json();
    expect(byCategory.rows.map((r: { id: number }) => r.id)).toEqual([p1.p.id, p3.p.id]);
    const both = (await s.list({ classroom_id: s.classA.id, category_id: s.sw.id })).json();
    expect(both.rows.map((r: { id: number }) => r.id)).toEqual([p1.p.id]);
  });

  it('saves the marked set of the filtered rows with a snapshot, audited, and pushes new visits live', async () => {
    const s = await school();
    const p1 = await s.pupil('Абаев', s.classA.id, s.sw.id);
    const p2 = await s.pupil('Бахыт', s.classA.id, s.common.id);
    const p3 = await s.pupil('Ваганов', s.classB.id, s.sw.id);
    expect((await s.save({ classroom_id: s.classB.id, users_ids: [p3.p.id] })).json()).toMatchObject({ added: 1 });
    expect((await s.save({ classroom_id: s.classA.id, users_ids: [p1.p.id] })).json()).toMatchObject({ added: 1 });

    const got: { type: string; fixation: { id: number; user: { id: number } } }[] = [];
    const leave = t.platform.realtime.join(`school-fixation-${s.school.id}`, {
      readyState: 1,
      send: (d) => got.push(JSON.parse(d)),
    });
    const res = await s.save({ classroom_id: s.classA.id, users_ids: [p2.p.id] });
    leave();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 1, removed: 1, changed: 0 });
    expect(await visitsOf([p1.p.id])).toEqual([]);
    // Class «Б» was not shown, so it is left as it was.
    expect(await visitsOf([p3.p.id])).toHaveLength(1);
    const [v] = await visitsOf([p2.p.id]);
    expect(v).toMatchObject({
      schoolId: s.school.id,
      canteenId: null,
      fixationCategoryId: null,
      classroomId: s.classA.id,
      foodCategoryId: s.common.id,
      cost: '900.00',
      cardId: p2.card.id,
      oneTime: true,
      count: 1,
      visitDate: TODAY,
      createdBy: s.admin.user.id,
    });
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      type: 'fixation',
      fixation: {
        id: v!.id,
        user: { id: p2.p.id },
        classroom: { id: s.classA.id, name: '1 «А»' },
        category: { id: s.common.id },
        school_id: s.school.id,
        canteen_id: null,
        count: 1,
      },
    });
    const log = await auditOf([v!.id]);
    expect(log.map((l) => [l.action, l.actorId, l.organizationId])).toEqual([
      ['visit_manual_create', s.admin.user.id, s.org.id],
    ]);
    // Saved again: nothing changes and nothing is pushed.
    const again = await s.save({ classroom_id: s.classA.id, users_ids: [p2.p.id] });
    expect(again.json()).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it('removes a scanned visit of an unmarked pupil (any meal time) and keeps a marked pupil’s scan', async () => {
    const s = await school();
    await createFixationCategory(t.db, { organizationId: s.org.id, timeStart: '12:00', timeFinish: '15:00' });
    const p1 = await s.pupil('Абаев', s.classA.id, s.sw.id);
    const p2 = await s.pupil('Бахыт', s.classA.id, s.sw.id);
    const cashier = await signedIn(t.platform, { role: 'EducationCashier', organizationId: s.org.id });
    for (const p of [p1, p2]) {
      const scan = await t.call({
        method: 'POST',
        url: '/api/school/fixation',
        token: cashier.token,
        payload: { cardId: p.card.number, schoolId: s.school.id },
      });
      expect(scan.statusCode).toBe(200);
    }
    const [kept] = await visitsOf([p2.p.id]);
    const res = await s.save({ classroom_id: s.classA.id, users_ids: [p2.p.id] });
    expect(res.json()).toEqual({ added: 0, removed: 1, changed: 0 });
    expect(await visitsOf([p1.p.id])).toEqual([]);
    expect(await visitsOf([p2.p.id])).toEqual([kept]);
  });

  it('lets a pupil marked by hand before lunch not eat twice: the mark takes the whole day', async () => {
    const s = await school();
    await createFixationCategory(t.db, { organizationId: s.org.id, timeStart: '00:00', timeFinish: '23:59' });
    const marked = await s.pupil('Абаев', s.classA.id, s.sw.id);
    const res = await s.save({ classroom_id: s.classA.id, users_ids: [marked.p.id] });
    expect(res.json()).toEqual({ added: 1, removed: 0, changed: 0 });
    const cashier = await signedIn(t.platform, { role: 'EducationCashier', organizationId: s.org.id });
    const scan = await t.call({
      method: 'POST',
      url: '/api/school/fixation',
      token: cashier.token,
      payload: { cardId: marked.card.number, schoolId: s.school.id },
    });
    expect(scan.statusCode).toBe(409);
    expect(scan.json().errorMessage).toMatch(/^Уже получил\(а\) питание сегодня в \d\d:\d\d$/);
    expect(await visitsOf([marked.p.id])).toHaveLength(1);
  });

  it('keeps a visit scanned after the list was loaded when the save says who it saw with a visit', async () => {
    const s = await school();
    const late = await s.pupil('Абаев', s.classA.id, s.sw.id);
    const seen = await s.pupil('Бахыт', s.classA.id, s.sw.id);
    const cashier = await signedIn(t.platform, { role: 'EducationCashier', organizationId: s.org.id });
    const scan = (card: string) =>
      t.call({
        method: 'POST',
        url: '/api/school/fixation',
        token: cashier.token,
        payload: { cardId: card, schoolId: s.school.id },
      });
    expect((await scan(seen.card.number)).statusCode).toBe(200);
    // The admin loads the list: only «Бахыт» has eaten. Then «Абаев» is scanned at the counter.
    const shown = (await s.list({ classroom_id: s.classA.id })).json<ManualList>();
    expect(shown.rows.filter((r) => r.fixation).map((r) => r.id)).toEqual([seen.p.id]);
    expect((await scan(late.card.number)).statusCode).toBe(200);
    // The admin unmarks «Бахыт» and saves from the older list.
    const res = await s.save({ classroom_id: s.classA.id, users_ids: [], seen_ids: [seen.p.id] });
    expect(res.json()).toEqual({ added: 0, removed: 1, changed: 0 });
    expect(await visitsOf([seen.p.id])).toEqual([]);
    expect(await visitsOf([late.p.id])).toHaveLength(1);
  });

  it('refuses to mark a pupil without a food category, as a scan does, and records nobody', async () => {
    const s = await school();
    const fed = await s.pupil('Абаев', s.classA.id, s.sw.id);
    const none = await s.pupil('Бахыт', s.classA.id, null);
    const res = await s.save({ classroom_id: s.classA.id, users_ids: [fed.p.id, none.p.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.users_ids[0]).toContain('Бахыт: нет категории питания');
    expect(await visitsOf([fed.p.id, none.p.id])).toEqual([]);
  });

  it('refuses a pupil the filters do not show, a future date and a filter without class or category (422)', async () => {
    const s = await school();
    const p1 = await s.pupil('Абаев', s.classA.id, s.sw.id);
    const p3 = await s.pupil('Ваганов', s.classB.id, s.sw.id);
    const notShown = await s.save({ classroom_id: s.classA.id, users_ids: [p1.p.id, p3.p.id] });
    expect(notShown.statusCode).toBe(422);
    expect(notShown.json().validationErrors.users_ids).toBeDefined();
    const future = await s.save({ date: '2026-12-01', classroom_id: s.classA.id, users_ids: [p1.p.id] });
    expect(future.json().validationErrors.date).toEqual(['Нельзя отметить питание на будущую дату']);
    const unfiltered = await s.save({ users_ids: [p1.p.id] });
    expect(unfiltered.statusCode).toBe(422);
    expect(unfiltered.json().validationErrors.classroom_id).toEqual(['Выберите класс или категорию питания']);
    expect((await s.list({})).json().validationErrors.classroom_id).toBeDefined();
    expect(await visitsOf([p1.p.id, p3.p.id])).toEqual([]);
  });

  it('answers 422 for another organization’s school, class or food category, and for another school when locked', async () => {
    const s = await school();
    const p1 = await s.pupil('Абаев', s.classA.id, s.sw.id);
    const foreign = await school();
    const otherSchool = await s.save({ school_id: foreign.school.id, classroom_id: s.classA.id, users_ids: [] });
    expect(otherSchool.statusCode).toBe(422);
    expect(otherSchool.json().validationErrors.school_id).toEqual(['Школа не найдена']);
    const otherClass = await s.list({ classroom_id: foreign.classA.id });
    expect(otherClass.json().validationErrors.classroom_id).toEqual(['Класс не найден']);
    const otherCategory = await s.save({ category_id: foreign.sw.id, users_ids: [p1.p.id] });
    expect(otherCategory.json().validationErrors.category_id).toBeDefined();

    const second = await createSchool(t.db, { organizationId: s.org.id });
    const secondClass = await createClassroom(t.db, { organizationId: s.org.id, schoolId: second.id });
    const locked = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: s.org.id,
      schoolId: s.school.id,
    });
    const elsewhere = await s.list({ school_id: second.id, classroom_id: secondClass.id }, locked.token);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().validationErrors.school_id).toBeDefined();
    expect((await s.list({ classroom_id: s.classA.id }, locked.token)).statusCode).toBe(200);
    expect(await visitsOf([p1.p.id])).toEqual([]);
  });

  it('lists and saves only this school’s pupils of a food category, not another school’s of the organization', async () => {
    const s = await school();
    const here = await s.pupil('Абаев', s.classA.id, s.sw.id);
    const otherSchool = await createSchool(t.db, { organizationId: s.org.id });
    const otherClass = await createClassroom(t.db, { organizationId: s.org.id, schoolId: otherSchool.id });
    const there = await createPupil(t.db, {
      name: 'Аалиев',
      organizationId: s.org.id,
      schoolId: otherSchool.id,
      classroomId: otherClass.id,
      foodCategoryId: s.sw.id,
    });
    const thereSaved = await s.save({ school_id: otherSchool.id, category_id: s.sw.id, users_ids: [there.id] });
    expect(thereSaved.json()).toMatchObject({ added: 1 });

    const listed = (await s.list({ category_id: s.sw.id })).json();
    expect(listed.rows.map((r: { id: number }) => r.id)).toEqual([here.p.id]);
    const refused = await s.save({ category_id: s.sw.id, users_ids: [here.p.id, there.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationErrors.users_ids).toBeDefined();
    expect((await s.save({ category_id: s.sw.id, users_ids: [] })).json()).toEqual({
      added: 0,
      removed: 0,
      changed: 0,
    });
    expect(await visitsOf([there.id])).toHaveLength(1);
    expect(await visitsOf([here.p.id])).toEqual([]);
  });

  it('answers 403 to roles outside the education and kindergarten admins', async () => {
    const s = await school();
    const p1 = await s.pupil('Абаев', s.classA.id, s.sw.id);
    for (const role of ['EducationCashier', 'EducationObserver', 'Admin'] as const) {
      const { token } = await signedIn(t.platform, { role, organizationId: s.org.id });
      expect((await s.list({ classroom_id: s.classA.id }, token)).statusCode).toBe(403);
      expect((await s.save({ classroom_id: s.classA.id, users_ids: [p1.p.id] }, token)).statusCode).toBe(403);
    }
    expect(await visitsOf([p1.p.id])).toEqual([]);
  });

  it('lets the kindergarten admin mark the children of their kindergarten, in kindergarten words', async () => {
    const k = await school('kindergarten');
    const child = await k.pupil('Арман', k.classA.id, k.sw.id);
    const rows = (await k.list({ classroom_id: k.classA.id })).json().rows;
    expect(rows).toEqual([expect.objectContaining({ id: child.p.id, fixation: false })]);
    const res = await k.save({ classroom_id: k.classA.id, users_ids: [child.p.id] });
    expect(res.json()).toEqual({ added: 1, removed: 0, changed: 0 });
    expect((await k.list({ classroom_id: k.classA.id })).json().rows[0].fixation).toBe(true);

    const unfiltered = await k.save({ users_ids: [] });
    expect(unfiltered.json().validationErrors.classroom_id).toEqual(['Выберите группу или категорию питания']);
    const foreign = await school('kindergarten');
    const other = await k.list({ school_id: foreign.school.id, classroom_id: k.classA.id });
    expect(other.json().validationErrors.school_id).toEqual(['Детский сад не найден']);
    const otherGroup = await k.list({ classroom_id: foreign.classA.id });
    expect(otherGroup.json().validationErrors.classroom_id).toEqual(['Группа не найдена']);
  });
});

describe('noonOf', () => {
  it('is noon of the day in the zone, across zones and daylight saving', () => {
    expect(noonOf('2026-11-02', 'Asia/Almaty').toISOString()).toBe('2026-11-02T07:00:00.000Z');
    expect(noonOf('2026-07-01', 'Europe/Berlin').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(noonOf('2026-01-15', 'Europe/Berlin').toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(noonOf('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-29T10:00:00.000Z');
  });
});
