import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES, cataloguePaths, type Catalogue, type CatalogueGroup } from '@tamaq/contract/catalogues';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { ROLES, type Role } from '@tamaq/contract/roles';
import type { z } from '@tamaq/contract/zod';
import { createOrganization, signedIn } from './factories.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * What every catalogue of the contract's `catalogues.ts` does, tested from its declaration: a new
 * catalogue is covered without a test of its own (its particular rules still want one). Each is
 * created from its endpoint's example body by a role that opens it, found, read, changed and
 * removed; bad input is a 422 that changes nothing; a role it does not list gets a 403; another
 * organization's row is a 404 to every call.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const typeFor = (role: Role) =>
  role === 'EducationKindergartenAdmin' ? 'kindergarten' : role.startsWith('Education') ? 'education' : 'company';

/** A new organization where `role` works, with the catalogue's module; a person of that role in it. */
async function organizationWith(c: Catalogue, role: Role) {
  const org = await createOrganization(t.db, { type: typeFor(role), modules: c.module ? [c.module] : [] });
  return { org, token: (await signedIn(t.platform, { role, organizationId: org.id })).token };
}

const asRow = (body: unknown) => body as { id: number; name: string } & Record<string, unknown>;

describe.each(Object.keys(CATALOGUES) as CatalogueGroup[])('the catalogue %s', (group) => {
  const c: Catalogue = CATALOGUES[group];
  const paths = cataloguePaths(c);
  const e = ENDPOINTS[group];
  const example = e.create.example as Record<string, unknown>;
  const role = c.roles[0]!;
  const url = (path: string, id?: number) => path.replace(':id', String(id));

  it('has an example that its create body accepts', () => {
    expect((e.create.body as z.ZodType).safeParse(example).success).toBe(true);
  });

  it('creates, lists, reads, changes and removes a row', async () => {
    const { token } = await organizationWith(c, role);
    const name = `Пример ${group} ${Date.now()}`;
    const made = await t.call({ method: 'POST', url: paths.create.path, token, payload: { ...example, name } });
    expect(made.statusCode).toBe(200);
    const row = asRow(made.json());
    expect(e.get.answer.safeParse(row).success).toBe(true);
    expect(row.name).toBe(name);

    const list = await t.call({ method: 'GET', url: `${paths.list.path}?query=${encodeURIComponent(name)}`, token });
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id: row.id, name }] });
    expect((await t.call({ method: 'GET', url: url(paths.get.path, row.id), token })).json()).toEqual(row);

    const changed = await t.call({
      method: 'PUT',
      url: paths.update.path,
      token,
      payload: { ...example, id: row.id, name: `${name} 2` },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: row.id, name: `${name} 2` });

    expect((await t.call({ method: 'DELETE', url: url(paths.remove.path, row.id), token })).json()).toEqual({
      success: true,
    });
    expect((await t.call({ method: 'GET', url: url(paths.get.path, row.id), token })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: paths.list.path, token })).json()).toMatchObject({ total: 0 });
  });

  it('refuses a body without a name with a 422 on the field, and keeps nothing', async () => {
    const { token } = await organizationWith(c, role);
    const res = await t.call({ method: 'POST', url: paths.create.path, token, payload: { ...example, name: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toHaveProperty('name');
    expect((await t.call({ method: 'GET', url: paths.list.path, token })).json()).toMatchObject({ total: 0 });
  });

  it('refuses every call to a role it does not list, and all but the list to its readers', async () => {
    const readers: readonly Role[] = c.readers ?? [];
    const others = ROLES.filter((r) => !c.roles.includes(r) && r !== 'SuperAdmin' && r !== 'Student');
    for (const other of others) {
      const { token } = await organizationWith(c, other);
      const list = await t.call({ method: 'GET', url: paths.list.path, token });
      expect(list.statusCode, `${other} lists ${group}`).toBe(readers.includes(other) ? 200 : 403);
      const made = await t.call({ method: 'POST', url: paths.create.path, token, payload: example });
      expect(made.statusCode, `${other} creates in ${group}`).toBe(403);
    }
  });

  it("answers 404 to every call on another organization's row, and leaves it as it was", async () => {
    const owner = await organizationWith(c, role);
    const row = asRow(
      (await t.call({ method: 'POST', url: paths.create.path, token: owner.token, payload: example })).json(),
    );
    const { token } = await organizationWith(c, role);
    expect((await t.call({ method: 'GET', url: url(paths.get.path, row.id), token })).statusCode).toBe(404);
    const change = await t.call({
      method: 'PUT',
      url: paths.update.path,
      token,
      payload: { ...example, id: row.id, name: 'Чужое' },
    });
    expect(change.statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: url(paths.remove.path, row.id), token })).statusCode).toBe(404);
    const after = await t.call({ method: 'GET', url: url(paths.get.path, row.id), token: owner.token });
    expect(after.json()).toEqual(row);
  });
});
