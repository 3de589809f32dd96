import type { Module, Role } from './role-list.ts';

/**
 * The plain catalogues (an organization's rows with a list and a form), each declared once here:
 * its screens and who opens them, its place in the menu and the addresses of its five calls. The API
 * table (`api-paths.ts`), the route map (`routes.ts`), the web's screens and menu, the server's routes
 * and the tests every catalogue gets are read from this. No zod here: the sign-in page loads it.
 *
 * A catalogue `{ list: '/watches', one: '/watch' }` has the screens `/watches` (the list),
 * `/watch/create` and `/watch/:id` (the form), and the calls `GET /api/watches`, `GET /api/watch/:id`,
 * `POST /api/watch`, `PUT /api/watch` and `DELETE /api/watch/:id`. Its schemas and endpoints are in
 * `contract/src/<group>.ts` (`catalogueEndpoints`), its server in `server/src/modules/<group>/`, its
 * screens in `web/src/features/<group>/catalogue.tsx`: docs/add-a-resource.md.
 */
export interface Catalogue {
  /** The list screen: '/watches'; the list's call is `GET /api` and this. */
  list: `/${string}`;
  /** One row: '/watch'; its screens `/watch/create` and `/watch/:id`, its calls `/api/watch[/:id]`. */
  one: `/${string}`;
  /** Who opens its screens and makes its calls. */
  roles: readonly Role[];
  /** Who may also read its list (to pick a row on a screen of their own), beyond `roles`. */
  readers?: readonly Role[];
  /** The organization's module it needs, beyond the role. */
  module?: Module;
  /** The menu group it is listed in, the entry it follows there, and its label in each language. */
  menu: { group: MenuGroup; after?: string; label: { ru: string; kk: string } };
}

/** The groups of the top menu a catalogue may be listed in. */
export type MenuGroup = 'reports' | 'menu' | 'library' | 'reference';

export const CATALOGUES = {
  canteens: {
    list: '/canteens',
    one: '/canteen',
    roles: ['Admin'],
    // The cashier picks the canteen on the scanning screen; the economist in the canteen reports.
    readers: ['Cashier', 'Economist'],
    menu: { group: 'reference', label: { ru: 'Столовые', kk: 'Асханалар' } },
  },
  watches: {
    list: '/watches',
    one: '/watch',
    roles: ['Admin'],
    menu: {
      group: 'reference',
      after: '/classrooms',
      label: { ru: 'Графики дежурств', kk: 'Кезекшілік кестелері' },
    },
  },
  'food-categories': {
    list: '/food/categories',
    one: '/food/category',
    roles: ['EducationAdmin', 'EducationSocialTeacher'],
    // The kindergarten admin picks one on the user form; the school reports filter by it.
    readers: ['EducationKindergartenAdmin', 'EducationObserver'],
    menu: {
      group: 'reference',
      after: '/fixation/categories',
      label: { ru: 'Категории питания', kk: 'Тамақтану санаттары' },
    },
  },
  'age-groups': {
    list: '/age/groups',
    one: '/age/group',
    roles: ['EducationAdmin'],
    menu: { group: 'menu', label: { ru: 'Возрастные группы', kk: 'Жас топтары' } },
  },
} as const satisfies Record<string, Catalogue>;

type Catalogues = typeof CATALOGUES;
export type CatalogueGroup = keyof Catalogues;

/** The five calls of a catalogue, by name. */
export type CataloguePaths<C extends Catalogue> = {
  list: { method: 'GET'; path: `/api${C['list']}` };
  get: { method: 'GET'; path: `/api${C['one']}/:id` };
  create: { method: 'POST'; path: `/api${C['one']}` };
  update: { method: 'PUT'; path: `/api${C['one']}` };
  remove: { method: 'DELETE'; path: `/api${C['one']}/:id` };
};

/** The three screens of a catalogue. */
export type CatalogueScreens<C extends Catalogue> = {
  list: C['list'];
  create: `${C['one']}/create`;
  edit: `${C['one']}/:id`;
};

export const cataloguePaths = <C extends Catalogue>(c: C): CataloguePaths<C> =>
  ({
    list: { method: 'GET', path: `/api${c.list}` },
    get: { method: 'GET', path: `/api${c.one}/:id` },
    create: { method: 'POST', path: `/api${c.one}` },
    update: { method: 'PUT', path: `/api${c.one}` },
    remove: { method: 'DELETE', path: `/api${c.one}/:id` },
  }) as CataloguePaths<C>;

export const catalogueScreens = <C extends Catalogue>(c: C): CatalogueScreens<C> =>
  ({ list: c.list, create: `${c.one}/create`, edit: `${c.one}/:id` }) as CatalogueScreens<C>;

const entries = Object.entries(CATALOGUES) as [CatalogueGroup, Catalogue][];

/** Every catalogue's calls, by group: a part of the API table. */
export const CATALOGUE_PATHS = Object.fromEntries(entries.map(([group, c]) => [group, cataloguePaths(c)])) as {
  [G in CatalogueGroup]: CataloguePaths<Catalogues[G]>;
};

type ScreenOf<G extends CatalogueGroup> = CatalogueScreens<Catalogues[G]>[keyof CatalogueScreens<Catalogue>];
/** Every catalogue screen's roles: a part of the route map. */
export const CATALOGUE_ROUTES = Object.fromEntries(
  entries.flatMap(([, c]) => Object.values(catalogueScreens(c)).map((route) => [route, c.roles])),
) as { [G in CatalogueGroup as ScreenOf<G>]: Catalogues[G]['roles'] };

export type CatalogueRoute = keyof typeof CATALOGUE_ROUTES;

/** The list each catalogue's form belongs to (the menu entry lit on it). */
export const CATALOGUE_SECTIONS = Object.fromEntries(
  entries.flatMap(([, c]) => {
    const s = catalogueScreens(c);
    return [
      [s.create, s.list],
      [s.edit, s.list],
    ];
  }),
) as Partial<Record<CatalogueRoute, CatalogueRoute>>;

/** The module each catalogue screen needs, where it needs one. */
export const CATALOGUE_MODULES = Object.fromEntries(
  entries.flatMap(([, c]) => (c.module ? Object.values(catalogueScreens(c)).map((route) => [route, c.module]) : [])),
) as Partial<Record<CatalogueRoute, Module>>;
