import { and, eq, isNull } from 'drizzle-orm';
import { CLASSROOM_MESSAGES as M, type ClassroomPromotion } from '@tamaq/contract/classrooms';
import { USER_MESSAGES } from '@tamaq/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/db/schema.ts';
import { cards, classrooms, users, visits } from '../../platform/db/schema-people.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { createCard, createClassroom, createPupil } from '../../../test/factories-people.ts';
import { planPromotion } from './classrooms.service.ts';

let t: TestContext;
let orgId: number;
let admin: string;
let teacher: string;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db)).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
  ({ token: teacher } = await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId }));
});
afterAll(() => t.close());

const promote = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/classrooms/promote', token, payload });
const schoolWith = async (names: string[]) => {
  const schoolId = (await createSchool(t.db, { organizationId: orgId })).id;
  const ids: Record<string, number> = {};
  for (const name of names) ids[name] = (await createClassroom(t.db, { organizationId: orgId, schoolId, name })).id;
  return { schoolId, ids };
};
const liveNames = async (schoolId: number) => {
  const res = await t.call({ method: 'GET', url: `/api/classrooms?schoolId=${schoolId}`, token: admin });
  return (res.json() as { rows: { name: string }[] }).rows.map((r) => r.name);
};

describe('planPromotion', () => {
  const plan = (names: string[], last = 11) =>
    planPromotion(
      names.map((name, i) => ({ id: i + 1, name, nameKk: null, nameRuMissing: false, pupilsCount: 0 })),
      last,
    );

  it('raises the leading number, keeps the rest of the name and ends the last grade', () => {
    const { moves, kept, clashes } = plan(['0 А', '2 А', '9Б', '10 «В»', '11 А', '12 А', 'Солнышко', 'Предшкольный']);
    expect(moves.map((m) => [m.name, m.to])).toEqual([
      ['0 А', '1 А'],
      ['2 А', '3 А'],
      ['9Б', '10Б'],
      ['10 «В»', '11 «В»'],
      ['11 А', null],
      ['12 А', null],
    ]);
    expect(kept.map((k) => k.name)).toEqual(['Солнышко', 'Предшкольный']);
    expect(clashes).toEqual([]);
  });

  it('ends the grade the school names as its last', () => {
    expect(plan(['3 А', '4 А'], 4).moves.map((m) => m.to)).toEqual(['4 А', null]);
  });

  it('moves the Kazakh name up with the Russian one, and finds a clash in either', () => {
    const classes = [
      { id: 1, name: '2 А', nameKk: '2 Ә', nameRuMissing: false, pupilsCount: 0 },
      { id: 2, name: 'Солнышко', nameKk: 'Күншуақ', nameRuMissing: false, pupilsCount: 0 },
    ];
    const { moves, clashes } = planPromotion(classes, 11);
    expect(moves.map((m) => m.toNames)).toEqual([{ name: '3 А', nameKk: '3 Ә', nameRuMissing: false }]);
    expect(clashes).toEqual([]);
    const kept = { id: 3, name: 'Старшая', nameKk: '3 Ә', nameRuMissing: false, pupilsCount: 0 };
    expect(planPromotion([...classes, kept], 11).clashes).toEqual(['«3 Ә»']);
  });

  it('finds two classes that would share a name, whatever the letter case', () => {
    expect(plan(['2 А', '02 а']).clashes).toEqual(['«3 а»']);
    expect(plan(['2 А', '3 а класс']).clashes).toEqual([]);
  });
});

describe('POST /api/classrooms/promote', () => {
  it('shows the plan without writing anything', async () => {
    const { schoolId, ids } = await schoolWith(['1 А', '2 А', '11 А', 'Солнышко']);
    await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: ids['2 А']! });
    await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: ids['11 А']! });
    await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: ids['11 А']! });

    const res = await promote(admin, { schoolId, check: true });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ClassroomPromotion;
    expect(body).toMatchObject({
      promoted: 2,
      graduated: 1,
      pupilsMoved: 1,
      pupilsGraduated: 2,
      applied: false,
      kept: [{ id: ids['Солнышко'], name: 'Солнышко' }],
    });
    expect(body.moves).toEqual([
      { id: ids['1 А'], name: '1 А', to: '2 А', pupils: 0 },
      { id: ids['2 А'], name: '2 А', to: '3 А', pupils: 1 },
      { id: ids['11 А'], name: '11 А', to: null, pupils: 2 },
    ]);
    expect(await liveNames(schoolId)).toEqual(['1 А', '2 А', '11 А', 'Солнышко']);
  });

  it('moves pupils to next year’s classes, archives the old ones and the graduates, in one step', async () => {
    const { schoolId, ids } = await schoolWith(['1 А', '2 А', '10 Б', '11 А', 'Солнышко']);
    const pupil = await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: ids['2 А']! });
    const gone = await createPupil(t.db, {
      organizationId: orgId,
      schoolId,
      classroomId: ids['2 А']!,
      deletedAt: new Date(),
    });
    const graduate = await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: ids['11 А']! });
    const card = await createCard(t.db, { organizationId: orgId, userId: graduate.id });
    const group = await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: ids['Солнышко']! });
    await t.db.insert(visits).values({
      organizationId: orgId,
      schoolId,
      userId: pupil.id,
      classroomId: ids['2 А']!,
      visitDate: '2026-05-20',
    });
    const plan = (await promote(admin, { schoolId, check: true })).json() as ClassroomPromotion;

    const res = await promote(admin, { schoolId, classroomIds: plan.moves.map((m) => m.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ promoted: 3, graduated: 1, pupilsMoved: 1, pupilsGraduated: 1, applied: true });

    expect(await liveNames(schoolId)).toEqual(['2 А', '3 А', '11 Б', 'Солнышко']);
    const [threeA] = await t.db
      .select()
      .from(classrooms)
      .where(and(eq(classrooms.schoolId, schoolId), eq(classrooms.name, '3 А'), isNull(classrooms.archivedAt)));
    const [moved] = await t.db.select().from(users).where(eq(users.id, pupil.id));
    expect(moved).toMatchObject({ classroomId: threeA!.id, deletedAt: null });
    // A removed account stays with the class it left; the group without a number is untouched.
    expect((await t.db.select().from(users).where(eq(users.id, gone.id)))[0]!.classroomId).toBe(ids['2 А']);
    expect((await t.db.select().from(users).where(eq(users.id, group.id)))[0]!.classroomId).toBe(ids['Солнышко']);
    // Last year's class keeps its name for the visits that name it.
    const [old] = await t.db.select().from(classrooms).where(eq(classrooms.id, ids['2 А']!));
    expect(old).toMatchObject({ name: '2 А', archivedAt: expect.any(Date) });
    expect((await t.db.select().from(visits).where(eq(visits.userId, pupil.id)))[0]!.classroomId).toBe(ids['2 А']);
    // The graduate is archived like a deleted user and the card is free for a new pupil.
    const [left] = await t.db.select().from(users).where(eq(users.id, graduate.id));
    expect(left!.deletedAt).toBeInstanceOf(Date);
    expect(left!.name).toBe(graduate.name);
    expect((await t.db.select().from(cards).where(eq(cards.id, card.id)))[0]!.userId).toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'classrooms_promote'), eq(auditLog.entityId, String(schoolId))));
    expect(entry).toMatchObject({ entity: 'school', organizationId: orgId });

    // An archived class is gone from reads; its name is free for a new class.
    const archived = await t.call({ method: 'GET', url: `/api/classroom/${ids['11 А']}`, token: admin });
    expect(archived.statusCode).toBe(404);
    const again = await t.call({
      method: 'POST',
      url: '/api/classroom',
      token: admin,
      payload: { schoolId, name: '11 А' },
    });
    expect(again.statusCode).toBe(200);
    const intoArchived = await t.call({
      method: 'POST',
      url: '/api/user',
      token: admin,
      payload: { name: 'Новенький', classroom_id: ids['2 А'] },
    });
    expect(intoArchived.statusCode).toBe(422);
    expect(intoArchived.json().validationErrors.classroom_id).toEqual([USER_MESSAGES.classroomNotFound]);
  });

  it('refuses a second press and a plan that changed, and changes nothing', async () => {
    const { schoolId, ids } = await schoolWith(['5 А', '6 А']);
    const classroomIds = [ids['5 А']!, ids['6 А']!];
    expect((await promote(teacher, { schoolId, classroomIds })).statusCode).toBe(200);
    const twice = await promote(teacher, { schoolId, classroomIds });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorMessage).toBe(M.promoteChanged);
    expect(await liveNames(schoolId)).toEqual(['6 А', '7 А']);
  });

  it('answers 422 on bad input and on names that would clash, and writes nothing', async () => {
    const { schoolId, ids } = await schoolWith(['2 А', '02 а', '4 Б']);
    const noIds = await promote(admin, { schoolId });
    expect(noIds.statusCode).toBe(422);
    expect(noIds.json().validationErrors.classroomIds).toEqual([M.promoteIdsMissing]);
    const grade = await promote(admin, { schoolId, lastGrade: 13, check: true });
    expect(grade.statusCode).toBe(422);
    expect(grade.json().validationErrors.lastGrade).toBeDefined();
    const clash = await promote(admin, { schoolId, classroomIds: Object.values(ids) });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().validationErrors.schoolId).toEqual([M.promoteClash('«3 А»')]);
    expect(await liveNames(schoolId)).toEqual(['02 а', '2 А', '4 Б']);
  });

  it('answers 403 to a cashier and 422 for another organization’s or another school’s school', async () => {
    const { schoolId, ids } = await schoolWith(['3 В']);
    const { token: cashier } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect((await promote(cashier, { schoolId, check: true })).statusCode).toBe(403);

    const foreign = await createSchool(t.db, { name: 'Чужая школа' });
    const other = await promote(admin, { schoolId: foreign.id, check: true });
    expect(other.statusCode).toBe(422);
    expect(other.json().validationErrors.schoolId).toEqual([M.schoolNotFound]);

    const ownSchool = (await createSchool(t.db, { organizationId: orgId })).id;
    const { token: locked } = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: orgId,
      schoolId: ownSchool,
    });
    const elsewhere = await promote(locked, { schoolId, classroomIds: [ids['3 В']!] });
    expect(elsewhere.statusCode).toBe(422);
    expect(await liveNames(schoolId)).toEqual(['3 В']);
  });
});
