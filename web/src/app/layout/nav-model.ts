import { CATALOGUES, type Catalogue } from '@tamaq/contract/catalogues';
import type { Module, Role } from '@tamaq/contract/roles';
import { canOpen as roleOpens, hasModuleFor, type GuardedRoute } from '@tamaq/contract/routes';
import { inAppLanguage } from '../../i18n/bilingual.ts';
import { i18n } from '../../i18n/texts.ts';

export type NavLink = { kind: 'link'; to: GuardedRoute; label: string };
export type NavGroup = { kind: 'group'; key: string; label: string; children: NavLink[] };
export type NavEntry = NavLink | NavGroup;

export type NavContext = { role: Role; modules: readonly Module[] };

const t = i18n.nav;
const KG: Role = 'EducationKindergartenAdmin';

/** Who may see an entry at all: the group rules of docs/product.md "Roles", before the route map is asked. */
type Rule = (c: NavContext) => boolean;
const roles =
  (...list: Role[]): Rule =>
  (c) =>
    list.includes(c.role);

const fixationRule = roles('Admin', 'Cashier');
const reportsRule = roles('EducationAdmin', KG, 'EducationSocialTeacher', 'EducationObserver', 'Admin', 'Economist');
const educationAdminRule = roles('EducationAdmin');
const referenceRule = roles('EducationAdmin', KG, 'Admin', 'EducationSocialTeacher');
// Library needs both the role and the organization's module (docs/product.md "Roles"): the module is the route
// map's (ROUTE_MODULES), checked for every entry below.
const libraryRule = roles('EducationAdmin', 'EducationLibrarian');
/** The role opens the screen and the organization has its module. */
const opens = (c: NavContext, to: GuardedRoute) => roleOpens(c.role, to) && hasModuleFor(c.modules, to);

type Spec = { to: GuardedRoute; label: string | ((c: NavContext) => string); rule: Rule };
const kg = (plain: string, kindergarten: string) => (c: NavContext) => (c.role === KG ? kindergarten : plain);

const TOP: Spec[] = [
  { to: '/admin', label: t.admin, rule: roles('SuperAdmin') },
  { to: '/fixation', label: t.fixation, rule: fixationRule },
  { to: '/cashbox', label: t.cashbox, rule: roles('EducationAdmin', 'EducationCashier') },
  { to: '/cashbox/day', label: t.cashierDay, rule: roles('EducationCashier') },
  { to: '/kitchen', label: t.kitchen, rule: roles('EducationCashier') },
  {
    to: '/school/fixation',
    label: kg(t.schoolFixation, t.kgFixation),
    rule: roles('EducationAdmin', KG, 'EducationCashier'),
  },
  { to: '/school/fixation/manual', label: t.manualFixation, rule: roles('EducationAdmin', KG) },
  { to: '/fixation/manual', label: t.manualFixation, rule: fixationRule },
  // docs/product.md "Roles" also names admin here; docs/domain.md settles it as super admin only, as the route map says.
  { to: '/organizations', label: t.organizations, rule: roles('SuperAdmin') },
  { to: '/pupils', label: t.pupils, rule: roles('SuperAdmin') },
  { to: '/users', label: t.users, rule: roles('SuperAdmin') },
  { to: '/calendar', label: t.calendar, rule: roles('SuperAdmin') },
  { to: '/report/school/statistics', label: t.statistics, rule: roles('EducationObserver') },
];

const GROUPS: { key: string; label: string; rule: Rule; items: Omit<Spec, 'rule'>[] }[] = [
  {
    key: 'reports',
    label: t.reports,
    rule: reportsRule,
    items: [
      { to: '/report/school/fixations', label: kg(t.schoolReport, t.kgReport) },
      { to: '/report/school/classroom/fixations', label: kg(t.classroomReport, t.groupReport) },
      { to: '/report/school/social-wallet', label: t.walletReport },
      { to: '/kitchen', label: t.kitchen },
      { to: '/report/fixations', label: t.canteenReport },
      { to: '/report/category/fixations', label: t.categoryReport },
      { to: '/report/anomalies', label: t.anomalies },
      { to: '/ratings', label: t.ratings },
      { to: '/orders', label: t.orders },
      { to: '/cashbox/day', label: t.cashierDay },
    ],
  },
  {
    key: 'menu',
    label: t.menu,
    rule: educationAdminRule,
    items: [
      { to: '/categories', label: t.dishCategories },
      { to: '/menus', label: t.menus },
      { to: '/norms', label: t.norms },
      { to: '/foods', label: t.foods },
      { to: '/activated/menus', label: t.activatedMenus },
    ],
  },
  {
    key: 'library',
    label: t.library,
    rule: libraryRule,
    items: [
      { to: '/books/issuance', label: t.issuance },
      { to: '/books/onhands', label: t.onHands },
      { to: '/books/notices', label: t.overdueNotices },
      { to: '/books/categories', label: t.bookCategories },
      { to: '/books', label: t.books },
    ],
  },
  {
    key: 'reference',
    label: t.reference,
    rule: referenceRule,
    items: [
      { to: '/schools', label: kg(t.schools, t.kindergartens) },
      { to: '/classrooms', label: kg(t.classrooms, t.groups) },
      { to: '/absences', label: t.absences },
      { to: '/calendar', label: t.calendar },
      { to: '/fixation/categories', label: (c) => (c.role === 'Admin' ? t.fixationCategories : t.mealTimes) },
      { to: '/users', label: t.users },
      { to: '/cards', label: t.cards },
    ],
  },
];

/**
 * Puts each catalogue in its menu group, after the entry it names (else first). One may follow
 * another catalogue: each goes in once the entry it follows is there.
 */
export function placeCatalogues(
  groups: { key: string; items: Omit<Spec, 'rule'>[] }[],
  catalogues: readonly Catalogue[],
): void {
  const placed = new Set<Catalogue>();
  for (let pass = 0; placed.size < catalogues.length; pass++) {
    if (pass > catalogues.length) {
      const lost = catalogues.filter((c) => !placed.has(c)).map((c) => `${c.list} (after ${c.menu.after})`);
      throw new Error(`no menu entry to follow for ${lost.join(', ')}`);
    }
    for (const catalogue of catalogues) {
      if (placed.has(catalogue)) continue;
      const items = groups.find((g) => g.key === catalogue.menu.group)?.items;
      if (!items) throw new Error(`no menu group ${catalogue.menu.group}`);
      const after = catalogue.menu.after ? items.findIndex((item) => item.to === catalogue.menu.after) : -1;
      if (catalogue.menu.after && after < 0) continue;
      items.splice(after + 1, 0, { to: catalogue.list as GuardedRoute, label: inAppLanguage(catalogue.menu.label) });
      placed.add(catalogue);
    }
  }
}
placeCatalogues(GROUPS, Object.values(CATALOGUES));

const toLink = (s: Omit<Spec, 'rule'>, c: NavContext): NavLink => ({
  kind: 'link',
  to: s.to,
  label: typeof s.label === 'function' ? s.label(c) : s.label,
});

/**
 * The top navigation a user sees: an entry shows only when its group rule admits the user AND the
 * route map lets the role open it, so no entry ever leads to a refused screen (docs/domain.md).
 */
export function buildNav(c: NavContext): NavEntry[] {
  const top = TOP.filter((s) => s.rule(c) && opens(c, s.to)).map((s) => toLink(s, c));
  const groups = GROUPS.filter((g) => g.rule(c))
    .map((g): NavGroup => ({
      kind: 'group',
      key: g.key,
      label: g.label,
      children: g.items.filter((s) => opens(c, s.to)).map((s) => toLink(s, c)),
    }))
    .filter((g) => g.children.length > 0);
  return [...top, ...groups];
}

/** The profile menu: a student has no account screens, so only sign-out remains for that role. */
export function buildProfileLinks(role: Role): NavLink[] {
  const links: NavLink[] = [
    { kind: 'link', to: '/profile', label: t.profile },
    { kind: 'link', to: '/password', label: t.password },
  ];
  return links.filter((l) => roleOpens(role, l.to));
}

/** Every href of the navigation, flattened: what the tests and the active-item lookup read. */
export const navHrefs = (entries: NavEntry[]): string[] =>
  entries.flatMap((e) => (e.kind === 'link' ? [e.to] : e.children.map((l) => l.to)));
