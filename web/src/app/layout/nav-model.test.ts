import { ROLES, type Role } from '@tamaq/contract/roles';
import { canOpen, type GuardedRoute } from '@tamaq/contract/routes';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '@tamaq/contract/catalogues';
import { buildNav, buildProfileLinks, navHrefs, placeCatalogues, type NavEntry } from './nav-model.ts';

const nav = (role: Role, modules: 'library'[] = []) => buildNav({ role, modules });
const labels = (entries: NavEntry[]) =>
  entries.flatMap((e) => (e.kind === 'link' ? [e.label] : [e.label, ...e.children.map((c) => c.label)]));

describe('buildNav', () => {
  it('shows a cashier the canteen fixation and nothing of the super admin', () => {
    const entries = nav('Cashier');
    expect(navHrefs(entries)).toEqual(['/fixation']);
    expect(labels(entries)).toContain('Фиксация');
    expect(labels(entries)).not.toContain('Организации');
  });

  it("shows the super admin the dashboard, organizations, pupils, users and the country's calendar", () => {
    const hrefs = navHrefs(nav('SuperAdmin'));
    expect(hrefs).toEqual(['/admin', '/organizations', '/pupils', '/users', '/calendar']);
    expect(labels(nav('SuperAdmin'))).toEqual(['Панель', 'Организации', 'Ученики', 'Пользователи', 'Календарь']);
  });

  it('never shows organizations or pupils to an admin (route map: super admin only)', () => {
    const hrefs = navHrefs(nav('Admin'));
    expect(hrefs).not.toContain('/organizations');
    expect(hrefs).not.toContain('/pupils');
    expect(hrefs).toEqual(
      expect.arrayContaining(['/fixation', '/fixation/manual', '/report/fixations', '/canteens', '/users', '/cards']),
    );
  });

  it('renames schools and classes for a kindergarten admin', () => {
    const all = labels(nav('EducationKindergartenAdmin'));
    expect(all).toEqual(expect.arrayContaining(['Детские сады', 'Группы']));
    expect(all).not.toContain('Школы');
    expect(all).not.toContain('Классы');
    expect(labels(nav('EducationAdmin'))).toEqual(expect.arrayContaining(['Школы', 'Классы']));
  });

  it('shows the library only when the organization has the module', () => {
    expect(navHrefs(nav('EducationAdmin'))).not.toContain('/books/issuance');
    expect(navHrefs(nav('EducationLibrarian'))).toEqual([]);
    expect(navHrefs(nav('EducationLibrarian', ['library']))).toEqual([
      '/books/issuance',
      '/books/onhands',
      '/books/notices',
      '/books/categories',
      '/books',
    ]);
    expect(navHrefs(nav('EducationAdmin', ['library']))).toContain('/books');
  });

  it('gives the observer statistics, the school reports, the anomalies and the ratings only', () => {
    expect(navHrefs(nav('EducationObserver'))).toEqual([
      '/report/school/statistics',
      '/report/school/fixations',
      '/report/school/classroom/fixations',
      '/report/school/social-wallet',
      '/report/anomalies',
      '/ratings',
    ]);
  });

  it('leaves parents and students without back-office entries', () => {
    expect(nav('Parent')).toEqual([]);
    expect(nav('Student')).toEqual([]);
  });

  it('never links a role to a route it may not open', () => {
    for (const role of ROLES) {
      for (const href of navHrefs(nav(role, ['library']))) {
        expect(canOpen(role, href as GuardedRoute), `${role} -> ${href}`).toBe(true);
      }
    }
  });

  it('drops a group that has no entry left for the role', () => {
    const keys = nav('Economist').map((e) => (e.kind === 'group' ? e.key : e.to));
    expect(keys).toEqual(['reports']);
  });
});

describe('buildProfileLinks', () => {
  it('offers profile and password to staff and parents, not to students', () => {
    expect(buildProfileLinks('Parent').map((l) => l.to)).toEqual(['/profile', '/password']);
    expect(buildProfileLinks('Student')).toEqual([]);
  });
});

describe('placeCatalogues', () => {
  const entry = (list: `/${string}`, after?: string): Catalogue => ({
    list,
    one: list,
    roles: ['Admin'],
    menu: { group: 'reference', ...(after ? { after } : {}), label: { ru: list, kk: list } },
  });
  const group = () => [{ key: 'reference', items: [{ to: '/classrooms' as GuardedRoute, label: 'Классы' }] }];
  const order = (groups: ReturnType<typeof group>) => groups[0]!.items.map((i) => i.to);

  it('puts a catalogue after the entry it names, or first', () => {
    const groups = group();
    placeCatalogues(groups, [entry('/a', '/classrooms'), entry('/b')]);
    expect(order(groups)).toEqual(['/b', '/classrooms', '/a']);
  });

  it('puts a catalogue after another catalogue declared later', () => {
    const groups = group();
    placeCatalogues(groups, [entry('/second', '/first'), entry('/first', '/classrooms')]);
    expect(order(groups)).toEqual(['/classrooms', '/first', '/second']);
  });

  it('stops on an entry that is nowhere, naming it', () => {
    expect(() => placeCatalogues(group(), [entry('/lost', '/nowhere')])).toThrow('/lost (after /nowhere)');
  });
});
