import { and, eq } from 'drizzle-orm';
import { LIBRARY_MESSAGES as M, type BookCategory } from '@tamaq/contract/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/db/schema.ts';
import { bookCategories } from '../../platform/db/schema-library.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';

let t: TestContext;
let orgId: number;
let schoolId: number;
let school2Id: number;
let foreignSchoolId: number;
let admin: string;
let librarian: string;
let kindergarten: string;
let cashier: string;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { modules: ['library'] })).id;
  schoolId = (await createSchool(t.db, { organizationId: orgId, name: 'Гимназия №7' })).id;
  school2Id = (await createSchool(t.db, { organizationId: orgId, name: 'Школа №9' })).id;
  foreignSchoolId = (await createSchool(t.db, { name: 'Чужая школа' })).id;
  ({ token: admin } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: orgId }));
  ({ token: librarian } = await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: orgId, schoolId }));
  ({ token: kindergarten } = await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: orgId }));
  ({ token: cashier } = await signedIn(t.platform, { role: 'EducationCashier', organizationId: orgId }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  payload === undefined ? t.call({ method, url, token }) : t.call({ method, url, token, payload });
const create = async (token: string, school: number, name: string) => {
  const res = await call('POST', '/api/book/category', token, { schoolId: school, name });
  expect(res.statusCode).toBe(200);
  return res.json() as BookCategory;
};
const names = async (token: string, query: string) =>
  ((await call('GET', `/api/book/categories${query}`, token)).json() as { rows: BookCategory[] }).rows.map(
    (r) => r.name,
  );

describe('book categories', () => {
  it('creates, lists by school with search and pages, reads, renames and audits', async () => {
    const fiction = await create(admin, schoolId, 'Художественная литература');
    await create(admin, schoolId, 'Учебники');
    await create(admin, school2Id, 'Словари');
    expect(fiction).toMatchObject({ schoolId, school: { id: schoolId, name: 'Гимназия №7' } });

    const list = await call('GET', `/api/book/categories?schoolId=${schoolId}`, admin);
    expect(list.json()).toMatchObject({ total: 2 });
    expect(await names(admin, `?schoolId=${schoolId}`)).toEqual(['Учебники', 'Художественная литература']);
    expect(await names(admin, `?schoolId=${schoolId}&query=учеб`)).toEqual(['Учебники']);
    expect(await names(admin, `?schoolId=${schoolId}&limit=1&offset=1`)).toEqual(['Художественная литература']);

    expect((await call('GET', `/api/book/category/${fiction.id}`, librarian)).json()).toMatchObject({
      name: 'Художественная литература',
    });
    const renamed = await call('PUT', '/api/book/category', librarian, {
      id: fiction.id,
      schoolId,
      name: 'Проза',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: fiction.id, name: 'Проза' });
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'book_category'), eq(auditLog.entityId, String(fiction.id))));
    expect(actions.map((a) => a.action).sort()).toEqual(['book_category_create', 'book_category_update']);
  });

  it('refuses an empty or taken name (any letter case) with 422 and writes nothing', async () => {
    await create(admin, schoolId, 'Энциклопедии');
    const empty = await call('POST', '/api/book/category', admin, { schoolId, name: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().validationErrors.name).toBeDefined();
    const taken = await call('POST', '/api/book/category', admin, { schoolId, name: 'энциклопедии' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().validationErrors.name).toEqual([M.categoryNameTaken]);
    const badSchool = await call('POST', '/api/book/category', admin, { schoolId: 'x', name: 'Атласы' });
    expect(badSchool.statusCode).toBe(422);
    // The same name in another school is another category.
    await create(admin, school2Id, 'Энциклопедии');
    const rows = await t.db.select().from(bookCategories).where(eq(bookCategories.name, 'Атласы'));
    expect(rows).toEqual([]);
  });

  it('keeps a school-locked librarian and other organizations out', async () => {
    const elsewhere = await create(admin, school2Id, 'Методички');
    expect((await call('GET', `/api/book/category/${elsewhere.id}`, librarian)).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/book/category', librarian, { id: elsewhere.id, schoolId, name: 'Моё' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/book/category/${elsewhere.id}`, librarian)).statusCode).toBe(404);
    expect((await call('GET', `/api/book/categories?schoolId=${school2Id}`, librarian)).statusCode).toBe(404);
    expect(await names(librarian, '')).not.toContain('Методички');
    const intoOther = await call('POST', '/api/book/category', librarian, { schoolId: school2Id, name: 'Моё' });
    expect(intoOther.statusCode).toBe(422);
    expect(intoOther.json().validationErrors.schoolId).toEqual([M.schoolNotFound]);
    const foreign = await call('POST', '/api/book/category', admin, { schoolId: foreignSchoolId, name: 'Чужое' });
    expect(foreign.statusCode).toBe(422);

    const other = await createOrganization(t.db, { modules: ['library'] });
    const { token: stranger } = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: other.id });
    expect((await call('GET', `/api/book/category/${elsewhere.id}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/book/category/${elsewhere.id}`, stranger)).statusCode).toBe(404);
  });

  it('lets a kindergarten admin create only, and answers 403 to other roles', async () => {
    expect((await call('POST', '/api/book/category', kindergarten, { schoolId, name: 'Сказки' })).statusCode).toBe(200);
    expect((await call('GET', '/api/book/categories', kindergarten)).statusCode).toBe(403);
    expect((await call('GET', '/api/book/categories', cashier)).statusCode).toBe(403);
    expect((await call('POST', '/api/book/category', cashier, { schoolId, name: 'Кассовое' })).statusCode).toBe(403);
  });

  it('deletes after the audit, and a second delete is 404', async () => {
    const gone = await create(admin, schoolId, 'Временное');
    expect((await call('DELETE', `/api/book/category/${gone.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/book/category/${gone.id}`, admin)).statusCode).toBe(404);
    expect(await t.db.select().from(bookCategories).where(eq(bookCategories.id, gone.id))).toEqual([]);
  });
});
