import { CATALOGUE_MODULES, CATALOGUE_ROUTES, CATALOGUE_SECTIONS } from './catalogues.ts';
import { ACCOUNT_ROLES, type Module, type Role } from './role-list.ts';

/**
 * The route -> roles map of docs/product.md "Access" and docs/product.md. The web builds its router and navigation
 * from it; the server guards each screen's calls with the roles of that screen.
 */
const SA = 'SuperAdmin';
const A = 'Admin';
const C = 'Cashier';
const EC = 'Economist';
const KG = 'EducationKindergartenAdmin';
const EA = 'EducationAdmin';
const LIB = 'EducationLibrarian';
const ECA = 'EducationCashier';
const ST = 'EducationSocialTeacher';
const OBS = 'EducationObserver';
const P = 'Parent';

export const PUBLIC_ROUTES = [
  '/login',
  '/signup',
  '/recovery',
  '/password/setup',
  '/profile/remove',
  '/parent/invitation/:code',
  '/privacy',
] as const;

export const ROUTE_ROLES = {
  '/admin': [SA],
  '/admin/outbox': [SA],
  '/admin/backups': [SA],
  '/admin/notifications': [SA],
  '/download': [P],

  '/school/fixation': [EA, ECA, KG],
  '/school/fixation/manual': [EA, KG],
  '/fixation/manual': [A],
  '/fixation': [A, C],
  '/schools': [EA, KG],
  '/school/create': [EA, KG],
  '/school/:id': [EA, KG],
  '/school/:id/settings': [EA],
  '/classrooms': [EA, ST, KG],
  '/classroom/:classroomId/users': [EA, ST, KG],
  '/classroom/:classroomId/user/create': [EA, ST, KG],
  '/classroom/:classroomId/user/:id': [EA, ST, KG],
  '/classroom/:classroomId/user/cards/:id': [EA, ST, KG],
  '/classroom/:school/create': [EA, ST, KG],
  '/classroom/:school/:id': [EA, ST, KG],
  ...CATALOGUE_ROUTES,
  '/fixation/categories': [A, EA, KG],
  '/fixation/category/create': [A, EA, KG],
  '/fixation/category/:id': [A, EA, KG],
  '/pupils': [SA],
  '/users': [A, EA, SA, KG],
  '/user/create': [A, EA, SA, KG],
  '/user/:id': [A, EA, SA, KG],
  '/user/password/:id': [SA],
  '/user/cards/:id': [A, EA, KG],
  '/cards': [A, EA, KG],
  '/cards/:id': [SA],
  '/organizations': [SA],
  '/organization/create': [SA],
  '/organization/:id': [SA],
  '/profile': ACCOUNT_ROLES,
  '/password': ACCOUNT_ROLES,

  '/categories': [EA],
  '/category/create': [EA],
  '/category/:id': [EA],
  '/products/:categoryId': [EA],
  '/product/:categoryId/create': [EA],
  '/product/:categoryId/:id': [EA],
  '/product/:categoryId/:id/card': [EA],
  '/product/:categoryId/:id/card/print': [EA],
  '/menus': [EA],
  '/norms': [EA],
  '/foods': [EA],
  '/menu/create': [EA],
  '/menu/activate': [EA],
  '/menu/:id': [EA],
  '/menu/:id/print': [EA],
  '/menu/:id/approval': [EA],
  '/menu/:id/layout': [EA],
  '/activated/menus': [EA],
  '/calendar': [SA, EA, KG],
  '/absences': [EA, ST, KG],
  '/kitchen': [EA, ECA, KG],
  '/cashbox': [EA, ECA],
  '/cashbox/day': [EA, ECA],
  '/orders': [EA],
  '/report/fixations': [A, EC],
  '/report/category/fixations': [A, EC],
  '/report/school/fixations': [EA, ST, OBS, KG],
  '/report/school/classroom/fixations': [EA, ST, OBS, KG],
  '/report/school/statistics': [OBS],
  '/report/school/social-wallet': [EA, ST, OBS, KG],
  '/report/anomalies': [A, EC, EA, OBS, KG],
  '/ratings': [EA, OBS, KG],
  '/books/categories': [EA, LIB],
  '/books/category/:schoolId/create': [EA, LIB, KG],
  '/books/category/:schoolId/:id': [EA, LIB],
  '/books': [EA, LIB],
  '/books/:schoolId/create': [EA, LIB],
  '/books/:schoolId/:id': [EA, LIB],
  '/books/:id/barcodes': [EA, LIB],
  '/books/:id/histories': [EA, LIB],
  '/books/imports/:id/labels': [EA, LIB],
  '/books/issuance': [EA, LIB],
  '/books/onhands': [EA, LIB],
  '/books/notices': [EA, LIB],
} as const satisfies Record<string, readonly Role[]>;

export type GuardedRoute = keyof typeof ROUTE_ROLES;

/**
 * The menu entry (a list screen) each form or detail screen belongs to: on '/canteen/3' the top menu
 * lights «Столовые». Screens that are menu entries themselves are not listed.
 */
export const ROUTE_SECTION: Partial<Record<GuardedRoute, GuardedRoute>> = {
  '/admin/outbox': '/admin',
  '/admin/backups': '/admin',
  '/admin/notifications': '/admin',
  '/school/create': '/schools',
  '/school/:id': '/schools',
  '/school/:id/settings': '/schools',
  '/classroom/:classroomId/users': '/classrooms',
  '/classroom/:classroomId/user/create': '/classrooms',
  '/classroom/:classroomId/user/:id': '/classrooms',
  '/classroom/:classroomId/user/cards/:id': '/classrooms',
  '/classroom/:school/create': '/classrooms',
  '/classroom/:school/:id': '/classrooms',
  ...CATALOGUE_SECTIONS,
  '/fixation/category/create': '/fixation/categories',
  '/fixation/category/:id': '/fixation/categories',
  '/user/create': '/users',
  '/user/:id': '/users',
  '/user/password/:id': '/users',
  '/user/cards/:id': '/users',
  '/cards/:id': '/organizations',
  '/organization/create': '/organizations',
  '/organization/:id': '/organizations',
  '/category/create': '/categories',
  '/category/:id': '/categories',
  '/products/:categoryId': '/categories',
  '/product/:categoryId/create': '/categories',
  '/product/:categoryId/:id': '/categories',
  '/product/:categoryId/:id/card': '/categories',
  '/product/:categoryId/:id/card/print': '/categories',
  '/menu/create': '/menus',
  '/menu/:id': '/menus',
  '/menu/:id/print': '/menus',
  '/menu/:id/approval': '/menus',
  '/menu/:id/layout': '/menus',
  '/menu/activate': '/activated/menus',
  '/books/category/:schoolId/create': '/books/categories',
  '/books/category/:schoolId/:id': '/books/categories',
  '/books/:schoolId/create': '/books',
  '/books/:schoolId/:id': '/books',
  '/books/:id/barcodes': '/books',
  '/books/:id/histories': '/books',
  '/books/imports/:id/labels': '/books',
};

export const rolesFor = (route: GuardedRoute): readonly Role[] => ROUTE_ROLES[route];

/**
 * The screens an organization has only with one of its modules (docs/product.md "Roles"): the role is not enough.
 * The server refuses the calls of these screens (403) to an organization without the module.
 */
export const ROUTE_MODULES: Partial<Record<GuardedRoute, Module>> = {
  ...CATALOGUE_MODULES,
  '/books/categories': 'library',
  '/books/category/:schoolId/create': 'library',
  '/books/category/:schoolId/:id': 'library',
  '/books': 'library',
  '/books/:schoolId/create': 'library',
  '/books/:schoolId/:id': 'library',
  '/books/:id/barcodes': 'library',
  '/books/:id/histories': 'library',
  '/books/imports/:id/labels': 'library',
  '/books/issuance': 'library',
  '/books/onhands': 'library',
  '/books/notices': 'library',
};

export const moduleFor = (route: GuardedRoute): Module | undefined => ROUTE_MODULES[route];

/** Whether an organization with these modules has the screen at all (before any role). */
export const hasModuleFor = (modules: readonly string[], route: GuardedRoute): boolean => {
  const needed = ROUTE_MODULES[route];
  return needed === undefined || modules.includes(needed);
};

export const canOpen = (role: Role | undefined, route: GuardedRoute): boolean =>
  role !== undefined && (ROUTE_ROLES[route] as readonly Role[]).includes(role);

/** Where `/` sends each role (docs/product.md "Home"). A student stays on `/` (docs/domain.md). */
export const HOME_BY_ROLE: Record<Role, string> = {
  Admin: '/report/fixations',
  Economist: '/report/fixations',
  EducationAdmin: '/schools',
  EducationKindergartenAdmin: '/schools',
  Cashier: '/fixation',
  EducationCashier: '/school/fixation',
  EducationSocialTeacher: '/classrooms',
  SuperAdmin: '/organizations',
  Parent: '/download',
  EducationObserver: '/report/school/statistics',
  EducationLibrarian: '/books/issuance',
  Student: '/',
};
