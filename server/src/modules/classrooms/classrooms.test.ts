import { and, eq } from 'drizzle-orm';
import { CLASSROOM_MESSAGES, CLASSROOM_MESSAGES_KINDERGARTEN as KG } from '@tamaq/contract/classrooms';
import { msg } from '@tamaq/contract/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/db/schema.ts';
import { classrooms, users, visits } from '../../platform/db/schema-people.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { createClassroom, createPupil } from '../../../test/factories-people.ts';

let t: TestContext;
let orgId: number;
let schoolId: number;
let school2Id: number;
let otherSchoolId: number;
let otherClassId: number;
let admin: string;
let locked: string;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db)).id;
  schoolId = (await createSchool(t.db, { organizationId: orgId, name: 'Гимназия №1' })).id;
  school2Id = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №25' })).id;
  const other = await createSchool(t.db, { name: 'Чужая школа' });
  otherSchoolId = other.id;
  otherClassId = (await createClassroom(t.db, { organizationId: other.organizationId, schoolId: other.id })).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
  ({ token: locked } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId, schoolId }));
  ({ token: superAdmin } = await signedIn(t.platform, { role: 'SuperAdmin' }));
});
afterAll(() => t.close());

type Row = { id: number; name: string; schoolId: number; pupils_count: number; school: { name: string } };
const list = (token: string, query: string) => t.call({ method: 'GET', url: `/api/classrooms${query}`, token });
const rowsOf = (res: { json(): unknown }) => (res.json() as { rows: Row[] }).rows;
const names = (res: { json(): unknown }) => rowsOf(res).map((r) => r.name);
const newSchool = async () => (await createSchool(t.db, { organizationId: orgId })).id;
const addClass = (school: number, name: string) =>
  createClassroom(t.db, { organizationId: orgId, schoolId: school, name });

describe('GET /api/classrooms', () => {
  it('lists a school’s classes in natural order with live pupil counts', async () => {
    const school = await newSchool();
    for (const name of ['10 А', '2 Б', 'Солнышко', '2 А', '1 А', '11 В']) await addClass(school, name);
    const twoA = (await t.db.select().from(classrooms).where(eq(classrooms.name, '2 А')))[0]!;
    await createPupil(t.db, { organizationId: orgId, schoolId: school, classroomId: twoA.id });
    await createPupil(t.db, { organizationId: orgId, schoolId: school, classroomId: twoA.id });
    await createPupil(t.db, { organizationId: orgId, schoolId: school, classroomId: twoA.id, deletedAt: new Date() });

    const res = await list(admin, `?schoolId=${school}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(6);
    expect(names(res)).toEqual(['1 А', '2 А', '2 Б', '10 А', '11 В', 'Солнышко']);
    const row = rowsOf(res)[1]!;
    expect(row).toMatchObject({ schoolId: school, pupils_count: 2, created_at: expect.any(String) });
  });

  it('searches by name and pages', async () => {
    const school = await newSchool();
    for (const name of ['5 А', '5 Б', '6 А', '7 %']) await addClass(school, name);
    expect(names(await list(admin, `?schoolId=${school}&query=5`))).toEqual(['5 А', '5 Б']);
    expect(names(await list(admin, `?schoolId=${school}&query=${encodeURIComponent('%')}`))).toEqual(['7 %']);
    const page = await list(admin, `?schoolId=${school}&limit=2&offset=2`);
    expect(page.json().total).toBe(4);
    expect(names(page)).toEqual(['6 А', '7 %']);
  });

  it('answers 404 for another organization’s school in schoolId, like a missing one', async () => {
    const res = await list(admin, `?schoolId=${otherSchoolId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', errorMessage: CLASSROOM_MESSAGES.schoolNotFound });
    expect((await list(admin, '?schoolId=999999')).json()).toEqual(res.json());
    expect((await list(superAdmin, '?schoolId=999999')).statusCode).toBe(404);
  });

  it('shows a user locked to a school only the classes of that school', async () => {
    const mine = await addClass(schoolId, 'Закреплённый 1');
    const theirs = await addClass(school2Id, 'Закреплённый 2');
    const all = names(await list(locked, '?query=Закреплённый'));
    expect(all).toEqual([mine.name]);
    expect((await list(locked, `?schoolId=${school2Id}&query=Закреплённый`)).statusCode).toBe(404);
    expect(theirs.name).toBe('Закреплённый 2');
  });

  it('lets the super admin filter by organization and the selector load 1000 rows', async () => {
    const res = await list(superAdmin, `?organizationId=${orgId}&limit=1000&query=Закреплённый`);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Закреплённый 1', 'Закреплённый 2']);
  });

  it('answers 422 on a limit over 1000 and 403 to a cashier', async () => {
    const res = await list(admin, '?limit=1001');
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.limit).toBeDefined();
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect((await list(token, '')).statusCode).toBe(403);
  });
});

describe('GET /api/classroom/:id', () => {
  it('answers the class with its school', async () => {
    const c = await addClass(schoolId, '3 Г');
    const res = await t.call({ method: 'GET', url: `/api/classroom/${c.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.id,
      name: '3 Г',
      schoolId,
      school: { id: schoolId, name: 'Гимназия №1' },
    });
  });

  it('answers 404 for another organization’s class and for another school to a locked user', async () => {
    const other = await t.call({ method: 'GET', url: `/api/classroom/${otherClassId}`, token: admin });
    expect(other.statusCode).toBe(404);
    expect(other.json().errorMessage).toBe(CLASSROOM_MESSAGES.notFound);
    const c = await addClass(school2Id, '3 Д');
    expect((await t.call({ method: 'GET', url: `/api/classroom/${c.id}`, token: locked })).statusCode).toBe(404);
  });

  it('answers 422 on a bad id and 403 to an observer', async () => {
    expect((await t.call({ method: 'GET', url: '/api/classroom/x', token: admin })).statusCode).toBe(422);
    const { token } = await signedIn(t.platform, { role: 'EducationObserver', organizationId: orgId });
    expect((await t.call({ method: 'GET', url: `/api/classroom/${otherClassId}`, token })).statusCode).toBe(403);
  });
});

describe('POST /api/classroom', () => {
  const create = (payload: object, token = admin) => t.call({ method: 'POST', url: '/api/classroom', token, payload });

  it('creates a class in a school of the organization', async () => {
    const res = await create({ schoolId, name: '  4 А  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '4 А', schoolId, pupils_count: 0, shift: 1 });
  });

  it("keeps the class's shift: 1 or 2, the first when absent, unchanged by an update that leaves it out", async () => {
    const res = await create({ schoolId, name: '5 Смена', shift: 2 });
    expect(res.json()).toMatchObject({ shift: 2 });
    const bad = await create({ schoolId, name: '5 Плохая', shift: 3 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validationErrors).toEqual({ shift: [CLASSROOM_MESSAGES.shift] });
    const renamed = await t.call({
      method: 'PUT',
      url: '/api/classroom',
      token: admin,
      payload: { id: res.json().id, schoolId, name: '5 Вторая смена' },
    });
    expect(renamed.json()).toMatchObject({ name: '5 Вторая смена', shift: 2 });
  });

  it('names a class in Kazakh too, or in Kazakh alone; one left out of an update stays', async () => {
    const school = await newSchool();
    const group = await create({ schoolId: school, name: 'Солнышко', name_kk: 'Күншуақ' });
    expect(group.json()).toMatchObject({ name: 'Солнышко', name_ru: 'Солнышко', name_kk: 'Күншуақ' });
    const kazakh = await create({ schoolId: school, name_kk: 'Балапан' });
    expect(kazakh.json()).toMatchObject({ name: 'Балапан', name_ru: null, name_kk: 'Балапан' });
    // The spec's client sends the Russian name alone: the Kazakh one stays.
    const renamed = await t.call({
      method: 'PUT',
      url: '/api/classroom',
      token: admin,
      payload: { id: group.json().id, schoolId: school, name: 'Солнышко-2' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Солнышко-2', name_kk: 'Күншуақ' });
    const named = await t.call({
      method: 'PUT',
      url: '/api/classroom',
      token: admin,
      payload: { id: kazakh.json().id, schoolId: school, name: 'Птенчик' },
    });
    expect(named.json()).toMatchObject({ name: 'Птенчик', name_ru: 'Птенчик', name_kk: 'Балапан' });
    // Found by either name.
    expect(names(await list(admin, `?schoolId=${school}&query=күншуақ`))).toEqual(['Солнышко-2']);
    const none = await create({ schoolId: school, name: '', name_kk: '' });
    expect(none.json().validationErrors).toEqual({ name: [msg.required] });
  });

  it('refuses a name another class of the school has in either language', async () => {
    const school = await newSchool();
    await create({ schoolId: school, name: 'Ромашка', name_kk: 'Түймедақ' });
    const kk = await create({ schoolId: school, name: 'Одуванчик', name_kk: 'түймедақ' });
    expect(kk.statusCode).toBe(422);
    expect(kk.json().validationErrors).toEqual({ name_kk: [CLASSROOM_MESSAGES.nameTaken] });
    const ru = await create({ schoolId: school, name_kk: 'РОМАШКА' });
    expect(ru.json().validationErrors).toEqual({ name_kk: [CLASSROOM_MESSAGES.nameTaken] });
    const crossed = await create({ schoolId: school, name: 'Түймедақ' });
    expect(crossed.json().validationErrors).toEqual({ name: [CLASSROOM_MESSAGES.nameTaken] });
    // A class's own two names may be one («5 А» reads the same in Kazakh).
    expect((await create({ schoolId: school, name: '5 А', name_kk: '5 «А»' })).statusCode).toBe(200);
  });

  it('answers 422 on name when the school has it already, whatever the case', async () => {
    await create({ schoolId, name: '4 Б' });
    const res = await create({ schoolId, name: '4 б' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual({ name: [CLASSROOM_MESSAGES.nameTaken] });
    expect((await create({ schoolId: school2Id, name: '4 Б' })).statusCode).toBe(200);
  });

  it('answers 422 on a name the school has in other quotes, spaces or Latin look-alike letters', async () => {
    expect((await create({ schoolId, name: '9 «В»' })).statusCode).toBe(200);
    for (const name of ['9 В', '9в', '9-в', '9 "В"', '9 B', ' 9  «в» ']) {
      const res = await create({ schoolId, name });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().validationErrors, name).toEqual({ name: [CLASSROOM_MESSAGES.nameTaken] });
    }
    // Another letter or grade is another class.
    expect((await create({ schoolId, name: '9 Д' })).statusCode).toBe(200);
    expect((await create({ schoolId, name: '19 В' })).statusCode).toBe(200);
    // A rename to the same class in other quotes is its own name, not a sibling's.
    const rename = (id: number, name: string) =>
      t.call({ method: 'PUT', url: '/api/classroom', token: admin, payload: { id, schoolId, name } });
    const own = await addClass(schoolId, '8 «Е»');
    expect((await rename(own.id, '8 Е')).statusCode).toBe(200);
    expect((await rename(own.id, '9 В')).statusCode).toBe(422);
  });

  it('answers 422 on name when empty or too long, and on schoolId when missing', async () => {
    const res = await create({ name: '' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validationErrors).sort()).toEqual(['name', 'schoolId']);
    expect((await create({ schoolId, name: 'x'.repeat(101) })).json().validationErrors.name).toEqual([
      'Не длиннее 100 символов',
    ]);
  });

  it('answers 422 on schoolId for a school of another organization or outside the locked school', async () => {
    const other = await create({ schoolId: otherSchoolId, name: '1 А' });
    expect(other.statusCode).toBe(422);
    expect(other.json().validationErrors).toEqual({ schoolId: [CLASSROOM_MESSAGES.schoolNotFound] });
    expect((await create({ schoolId: school2Id, name: '9 Я' }, locked)).statusCode).toBe(422);
    expect((await create({ schoolId, name: '9 Я' }, locked)).statusCode).toBe(200);
  });

  it('lets a social teacher create, and answers 403 to a librarian', async () => {
    const { token: st } = await signedIn(t.platform, { role: 'EducationSocialTeacher', organizationId: orgId });
    expect((await create({ schoolId, name: '8 С' }, st)).statusCode).toBe(200);
    const { token } = await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: orgId });
    expect((await create({ schoolId, name: '8 Л' }, token)).statusCode).toBe(403);
    // The librarian reads the classes (the books-on-hand filter by class), and changes none.
    const listed = await t.call({ method: 'GET', url: `/api/classrooms?schoolId=${schoolId}`, token });
    expect(listed.statusCode).toBe(200);
    expect((listed.json().rows as { name: string }[]).map((c) => c.name)).toContain('8 С');
  });
});

describe('PUT /api/classroom', () => {
  const update = (payload: object, token = admin) => t.call({ method: 'PUT', url: '/api/classroom', token, payload });

  it('renames a class', async () => {
    const c = await addClass(schoolId, '5 В');
    const res = await update({ id: c.id, schoolId, name: '5 Г' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('5 Г');
  });

  it('keeps its own name in another case without complaint, refuses a sibling’s name', async () => {
    const c = await addClass(schoolId, '6 В');
    await addClass(schoolId, '6 Г');
    expect((await update({ id: c.id, schoolId, name: '6 в' })).statusCode).toBe(200);
    const taken = await update({ id: c.id, schoolId, name: '6 г' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().validationErrors.name).toEqual([CLASSROOM_MESSAGES.nameTaken]);
  });

  it('moves a class to another school with its pupils', async () => {
    const c = await addClass(schoolId, '7 Переезд');
    const pupil = await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: c.id });
    const res = await update({ id: c.id, schoolId: school2Id, name: c.name });
    expect(res.json()).toMatchObject({ schoolId: school2Id, school: { name: 'Школа №25' }, pupils_count: 1 });
    const [row] = await t.db.select({ schoolId: users.schoolId }).from(users).where(eq(users.id, pupil.id));
    expect(row!.schoolId).toBe(school2Id);
  });

  it('answers 404 for another organization’s class and 422 for another organization’s school', async () => {
    expect((await update({ id: otherClassId, schoolId, name: 'X' })).statusCode).toBe(404);
    const c = await addClass(schoolId, '7 Б');
    const res = await update({ id: c.id, schoolId: otherSchoolId, name: '7 Б' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.schoolId).toEqual([CLASSROOM_MESSAGES.schoolNotFound]);
  });

  it('answers 422 on id when missing and 403 to a cashier', async () => {
    expect((await update({ schoolId, name: 'X' })).json().validationErrors.id).toBeDefined();
    const { token } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId });
    expect((await update({ id: otherClassId, schoolId, name: 'X' }, token)).statusCode).toBe(403);
  });
});

describe('DELETE /api/classroom/:id', () => {
  const remove = (id: number | string, token = admin) =>
    t.call({ method: 'DELETE', url: `/api/classroom/${id}`, token });

  it('deletes an empty class and writes the audit log', async () => {
    const c = await addClass(schoolId, '8 Удаляемый');
    const res = await remove(c.id);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(classrooms).where(eq(classrooms.id, c.id))).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'classroom'), eq(auditLog.entityId, String(c.id))));
    expect(entry).toMatchObject({ action: 'classroom_delete', organizationId: orgId });
  });

  it('refuses with 409 while the class has pupils', async () => {
    const c = await addClass(schoolId, '8 С учениками');
    await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: c.id });
    const res = await remove(c.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(CLASSROOM_MESSAGES.hasPupils);
  });

  it('refuses with 409 while visits refer to the class', async () => {
    const c = await addClass(schoolId, '8 С историей');
    const pupil = await createPupil(t.db, {
      organizationId: orgId,
      schoolId,
      classroomId: c.id,
      deletedAt: new Date(),
    });
    await t.db
      .insert(visits)
      .values({ organizationId: orgId, schoolId, userId: pupil.id, classroomId: c.id, visitDate: '2025-02-03' });
    const res = await remove(c.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(CLASSROOM_MESSAGES.hasHistory);
  });

  it('deletes a class whose only pupils are removed accounts, detaching them', async () => {
    const c = await addClass(schoolId, '8 Бывшие');
    const gone = await createPupil(t.db, { organizationId: orgId, schoolId, classroomId: c.id, deletedAt: new Date() });
    expect((await remove(c.id)).statusCode).toBe(200);
    const [row] = await t.db.select({ classroomId: users.classroomId }).from(users).where(eq(users.id, gone.id));
    expect(row!.classroomId).toBeNull();
  });

  it('answers 404 for another organization’s class, 422 on a bad id and 403 to an observer', async () => {
    expect((await remove(otherClassId)).statusCode).toBe(404);
    expect((await remove('0')).statusCode).toBe(422);
    const { token } = await signedIn(t.platform, { role: 'EducationObserver', organizationId: orgId });
    expect((await remove(otherClassId, token)).statusCode).toBe(403);
  });
});

describe('a kindergarten admin', () => {
  it('hears of groups and kindergartens, not of classes and schools', async () => {
    const kg = await createOrganization(t.db, { type: 'kindergarten' });
    const { token } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: kg.id });
    const garden = (await createSchool(t.db, { organizationId: kg.id })).id;
    const group = await createClassroom(t.db, { organizationId: kg.id, schoolId: garden, name: 'Солнышко' });
    await createPupil(t.db, { organizationId: kg.id, schoolId: garden, classroomId: group.id });
    const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) =>
      t.call({ method, url, token, ...(payload ? { payload } : {}) });

    const taken = await call('POST', '/api/classroom', { schoolId: garden, name: 'солнышко' });
    expect(taken.json().validationErrors).toEqual({ name: ['Группа с таким названием в этом детском саду уже есть'] });
    const busy = await call('DELETE', `/api/classroom/${group.id}`);
    expect(busy.json().errorMessage).toBe('Нельзя удалить группу, в которой есть дети: сначала переведите их');
    expect((await call('GET', `/api/classroom/${otherClassId}`)).json().errorMessage).toBe('Группа не найдена');
    const foreign = await call('GET', `/api/classrooms?schoolId=${otherSchoolId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorMessage).toBe('Детский сад не найден');
    const elsewhere = await call('POST', '/api/classroom', { schoolId: otherSchoolId, name: 'Звёздочка' });
    expect(elsewhere.json().validationErrors).toEqual({ schoolId: [KG.schoolNotFound] });
    expect(Object.values(KG).filter((m) => typeof m === 'string' && /класс|школ/i.test(m))).toEqual([]);
  });
});
