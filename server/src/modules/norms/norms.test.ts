import { NORM_MESSAGES as M } from '@tamaq/contract/norms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import { ageGroups } from '../../platform/db/schema-nutrition.ts';

/** docs/rules.md "Norm sets". */
let t: TestContext;
let orgId: number;
let admin: { token: string };
let other: { token: string };
let juniors: number;
let seniors: number;
let theirGroup: number;
let school: number;
let theirSchool: number;

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db, { type: 'education' })).id;
  const otherOrgId = (await createOrganization(t.db, { type: 'education' })).id;
  admin = await signedIn(t.platform, {
    role: 'EducationAdmin',
    organizationId: orgId,
    email: 'norms@test.kz',
    name: 'Диетолог Айгерим',
  });
  other = await signedIn(t.platform, { role: 'EducationAdmin', organizationId: otherOrgId, email: 'n2@test.kz' });
  const groups = await t.db
    .insert(ageGroups)
    .values([
      { organizationId: orgId, name: '11–18 лет', ageFrom: 11, ageTo: 18 },
      { organizationId: orgId, name: '6–10 лет', ageFrom: 6, ageTo: 10 },
      { organizationId: otherOrgId, name: '6–10 лет', ageFrom: 6, ageTo: 10 },
    ])
    .returning();
  seniors = groups[0]!.id;
  juniors = groups[1]!.id;
  theirGroup = groups[2]!.id;
  school = (await createSchool(t.db, { organizationId: orgId, name: 'Школа № 1' })).id;
  theirSchool = (await createSchool(t.db, { organizationId: otherOrgId })).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) =>
  t.call({ method, url, token, ...(payload === undefined ? {} : { payload }) });

const regional = (extra: Record<string, unknown> = {}) => ({
  name: 'Нормы области, 2025',
  name_kk: 'Облыс нормалары, 2025',
  source: 'Письмо управления здравоохранения № 12 от 01.08.2025',
  kazakh_2025: true,
  tolerance_pct: '5',
  shares: [
    { meal: 1, share_pct: '25' },
    { meal: 3, share_pct: '35,5' },
  ],
  rows: [
    { age_group_id: juniors, values: { energyKcal: '2350', proteinG: 77, saltG: '' } },
    { age_group_id: juniors, meal: 3, values: { energyKcal: '840' } },
    { age_group_id: seniors, meal: null, values: { energyKcal: '2720', fatG: '92.5' } },
  ],
  ...extra,
});

describe('norm sets', () => {
  it('lists the shipped sets with their acts, none of them the Kazakh 2025 table', async () => {
    const res = await call('GET', '/api/norm/templates');
    expect(res.statusCode).toBe(200);
    const sanpin = res.json().rows.find((r: { code: string }) => r.code === 'sanpin-2020');
    expect(sanpin.name).toContain('не казахстанская таблица');
    expect(sanpin.source).toContain('приложение 10, таблица 1');
    expect(sanpin.rows).toContainEqual({
      age_from: 7,
      age_to: 11,
      meal: null,
      values: { energyKcal: '2350', proteinG: '77', fatG: '79', carbohydrateG: '335', saltG: null, sugarsG: null },
    });
  });

  it('makes a set from a shipped one for the organization’s age groups, by the band that fits each', async () => {
    const res = await call('POST', '/api/norm/set/template', { template: 'sanpin-2020' });
    expect(res.statusCode).toBe(200);
    const set = res.json();
    expect(set).toMatchObject({
      template: 'sanpin-2020',
      kazakh_2025: false,
      tolerance_pct: '10.00',
      version: 1,
      created_by: 'Диетолог Айгерим',
      schools: [],
    });
    expect(set.shares).toContainEqual({ meal: 3, share_pct: '32.50' });
    // Youngest first: 6–10 takes 7–11 years, 11–18 takes 12 and older.
    expect(
      set.rows.map((r: { age_group_id: number; values: { energyKcal: string } }) => [
        r.age_group_id,
        r.values.energyKcal,
      ]),
    ).toEqual([
      [juniors, '2350'],
      [seniors, '2720'],
    ]);
    const kz = (await call('POST', '/api/norm/set/template', { template: 'kz-2019-lunch' })).json();
    expect(kz.rows).toEqual([
      expect.objectContaining({
        age_group_id: juniors,
        meal: 3,
        values: expect.objectContaining({ energyKcal: '840' }),
      }),
      expect.objectContaining({
        age_group_id: seniors,
        meal: 3,
        values: expect.objectContaining({ energyKcal: '1020' }),
      }),
    ]);
    const wrong = await call('POST', '/api/norm/set/template', { template: 'who-2004' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().validationErrors.template).toEqual([M.template]);
  });

  it('keeps the dietitian’s own numbers exact, with who entered them, and counts each change as a version', async () => {
    const created = await call('POST', '/api/norm/set', regional());
    expect(created.statusCode).toBe(200);
    const set = created.json();
    expect(set).toMatchObject({
      name: 'Нормы области, 2025',
      name_kk: 'Облыс нормалары, 2025',
      kazakh_2025: true,
      tolerance_pct: '5.00',
      version: 1,
      created_by: 'Диетолог Айгерим',
      shares: [
        { meal: 1, share_pct: '25.00' },
        { meal: 3, share_pct: '35.50' },
      ],
    });
    expect(set.rows).toEqual([
      {
        age_group_id: juniors,
        meal: null,
        values: { energyKcal: '2350', proteinG: '77', fatG: null, carbohydrateG: null, saltG: null, sugarsG: null },
      },
      { age_group_id: juniors, meal: 3, values: expect.objectContaining({ energyKcal: '840', proteinG: null }) },
      { age_group_id: seniors, meal: null, values: expect.objectContaining({ energyKcal: '2720', fatG: '92.5' }) },
    ]);
    const changed = await call('PUT', '/api/norm/set', { ...regional({ tolerance_pct: '7.5' }), id: set.id });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, tolerance_pct: '7.50', updated_by: 'Диетолог Айгерим' });
    const listed = (await call('GET', '/api/norm/sets')).json();
    expect(listed.rows.find((r: { id: number }) => r.id === set.id).version).toBe(2);
    // Both versions stay readable, newest first, each as it was saved: the first with its 5 %.
    const versions = await call('GET', `/api/norm/set/${set.id}/versions`);
    expect(versions.statusCode).toBe(200);
    const [second, first] = versions.json().rows;
    expect(versions.json().rows).toHaveLength(2);
    expect(second).toMatchObject({ version: 2, tolerance_pct: '7.50', saved_by: 'Диетолог Айгерим' });
    expect(first).toMatchObject({
      version: 1,
      name: 'Нормы области, 2025',
      name_kk: 'Облыс нормалары, 2025',
      source: 'Письмо управления здравоохранения № 12 от 01.08.2025',
      kazakh_2025: true,
      tolerance_pct: '5.00',
      saved_by: 'Диетолог Айгерим',
      shares: set.shares,
      rows: set.rows,
    });
    expect(second.saved_at).toBe(changed.json().updated_at);
    expect(listed.schools).toEqual([expect.objectContaining({ id: school, name: 'Школа № 1', norm_set_id: null })]);
  });

  it('refuses numbers that are not norms, a meal twice, shares over 100 % and another organization’s group, and keeps the set', async () => {
    const set = (await call('POST', '/api/norm/set', regional())).json();
    const before = (await call('GET', '/api/norm/sets')).json();
    for (const [body, field, message] of [
      [regional({ tolerance_pct: '60' }), 'tolerance_pct', M.tolerance],
      [regional({ shares: [{ meal: 7, share_pct: '10' }] }), 'shares.0.meal', M.meal],
      [regional({ shares: [{ meal: 1, share_pct: '0' }] }), 'shares.0.share_pct', M.share],
      [
        regional({
          shares: [
            { meal: 1, share_pct: '20' },
            { meal: 1, share_pct: '20' },
          ],
        }),
        'shares.1.meal',
        M.mealTwice,
      ],
      [
        regional({
          shares: [
            { meal: 1, share_pct: '60' },
            { meal: 3, share_pct: '40.01' },
          ],
        }),
        'shares',
        M.shareSum,
      ],
      [
        regional({ rows: [{ age_group_id: juniors, values: { energyKcal: '-5' } }] }),
        'rows.0.values.energyKcal',
        M.value,
      ],
      [regional({ rows: [{ age_group_id: juniors, values: { proteinG: '1e3' } }] }), 'rows.0.values.proteinG', M.value],
      [
        regional({
          rows: [
            { age_group_id: juniors, meal: 3 },
            { age_group_id: juniors, meal: 3 },
          ],
        }),
        'rows.1.meal',
        M.rowTwice,
      ],
      [
        regional({ rows: [{ age_group_id: theirGroup, values: { energyKcal: '1' } }] }),
        'rows.0.age_group_id',
        M.ageGroup,
      ],
      [regional({ source: ' ' }), 'source', undefined],
    ] as const) {
      const res = await call('PUT', '/api/norm/set', { ...body, id: set.id });
      expect(res.statusCode, field).toBe(422);
      const errors = res.json().validationErrors[field];
      if (message) expect(errors, field).toEqual([message]);
      else expect(errors, field).toHaveLength(1);
    }
    expect((await call('GET', '/api/norm/sets')).json()).toEqual(before);
    // A refused change is no version.
    expect(
      (await call('GET', `/api/norm/set/${set.id}/versions`)).json().rows.map((r: { version: number }) => r.version),
    ).toEqual([1]);
    expect((await call('GET', '/api/norm/set/first/versions')).statusCode).toBe(422);
  });

  it('lets a school choose its set, and keeps a chosen set from removal until the school chooses another', async () => {
    const set = (await call('POST', '/api/norm/set', regional({ name: 'Для школы' }))).json();
    const chosen = await call('PUT', '/api/norm/school', { school_id: school, norm_set_id: set.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().schools).toEqual([expect.objectContaining({ id: school, norm_set_id: set.id })]);
    expect(chosen.json().rows.find((r: { id: number }) => r.id === set.id).schools).toEqual([
      expect.objectContaining({ id: school, name: 'Школа № 1' }),
    ]);
    const refused = await call('DELETE', `/api/norm/set/${set.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(M.inUse('Школа № 1'));
    await call('PUT', '/api/norm/school', { school_id: school, norm_set_id: null });
    expect((await call('DELETE', `/api/norm/set/${set.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/norm/sets')).json().rows.map((r: { id: number }) => r.id)).not.toContain(set.id);
    expect((await call('DELETE', `/api/norm/set/${set.id}`)).statusCode).toBe(404);
  });

  it('is another organization’s set or school to nobody here (404), and refused to a role that builds no menus (403)', async () => {
    const theirs = (await call('POST', '/api/norm/set', regional({ rows: [] }), other.token)).json();
    expect((await call('PUT', '/api/norm/set', { ...regional(), id: theirs.id })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/norm/set/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/norm/set/${theirs.id}/versions`)).statusCode).toBe(404);
    expect((await call('PUT', '/api/norm/school', { school_id: school, norm_set_id: theirs.id })).statusCode).toBe(404);
    const mine = (await call('POST', '/api/norm/set', regional({ rows: [] }))).json();
    expect((await call('PUT', '/api/norm/school', { school_id: theirSchool, norm_set_id: mine.id })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/norm/sets')).json().rows.map((r: { id: number }) => r.id)).not.toContain(theirs.id);
    const cashier = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: orgId,
      email: 'c@norms.kz',
    });
    for (const [method, url, body] of [
      ['GET', '/api/norm/sets', undefined],
      ['GET', '/api/norm/templates', undefined],
      ['POST', '/api/norm/set', regional()],
      ['POST', '/api/norm/set/template', { template: 'sanpin-2020' }],
      ['PUT', '/api/norm/school', { school_id: school, norm_set_id: mine.id }],
      ['DELETE', `/api/norm/set/${mine.id}`, undefined],
      ['GET', `/api/norm/set/${mine.id}/versions`, undefined],
    ] as const) {
      expect((await call(method, url, body, cashier.token)).statusCode, url).toBe(403);
    }
  });

  it('says to add age groups first when the organization has none', async () => {
    const lone = await signedIn(t.platform, {
      role: 'EducationAdmin',
      organizationId: (await createOrganization(t.db, { type: 'education' })).id,
      email: 'lone@norms.kz',
    });
    const res = await call('POST', '/api/norm/set/template', { template: 'sanpin-2020' }, lone.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors.template).toEqual([M.noAgeGroups]);
  });
});

describe('menu rules', () => {
  it('reads the shipped rules until the organization changes them, then its own with who and when', async () => {
    const shipped = await call('GET', '/api/menu-rules');
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      repeat: { enabled: true, days: 2 },
      salt: { enabled: true, limit_g: '0.3' },
      sugar: { enabled: true, limit_g: '5' },
      updated_at: null,
    });
    expect(shipped.json().excluded.words).toContain('гриб');
    const changed = { ...shipped.json(), salt: { enabled: true, limit_g: '0,25' }, fried: { enabled: false } };
    delete changed.updated_at;
    delete changed.updated_by;
    const saved = await call('PUT', '/api/menu-rules', changed);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      salt: { limit_g: '0.25' },
      fried: { enabled: false },
      updated_by: 'Диетолог Айгерим',
    });
    // Another organization still reads the shipped ones.
    expect((await call('GET', '/api/menu-rules', undefined, other.token)).json().salt.limit_g).toBe('0.3');
  });

  it('refuses a limit or a number of days that is not one, and a role that builds no menus', async () => {
    const before = (await call('GET', '/api/menu-rules')).json();
    const { updated_at: _at, updated_by: _by, ...rules } = before;
    for (const [body, field] of [
      [{ ...rules, sugar: { enabled: true, limit_g: 'много' } }, 'sugar.limit_g'],
      [{ ...rules, repeat: { ...rules.repeat, days: 0 } }, 'repeat.days'],
      [{ ...rules, weekly: [{ enabled: true, name: 'Конина', words: [], times: 2 }] }, 'weekly.0.words'],
    ] as const) {
      const res = await call('PUT', '/api/menu-rules', body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().validationErrors[field], field).toHaveLength(1);
    }
    expect((await call('GET', '/api/menu-rules')).json()).toEqual(before);
    const cashier = await signedIn(t.platform, {
      role: 'EducationCashier',
      organizationId: orgId,
      email: 'r@norms.kz',
    });
    expect((await call('GET', '/api/menu-rules', undefined, cashier.token)).statusCode).toBe(403);
    expect((await call('PUT', '/api/menu-rules', rules, cashier.token)).statusCode).toBe(403);
  });
});
