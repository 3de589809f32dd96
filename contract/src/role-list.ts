/**
 * The role and organization constants without their zod schemas (`roles.ts`), so a page that only
 * needs a role's name or the route map does not download zod.
 */

/** Token role names (docs/product.md "Roles"). The numeric ids are the `role_id` values stored on users. */
export const ROLES = [
  'SuperAdmin',
  'Admin',
  'Cashier',
  'Economist',
  'EducationKindergartenAdmin',
  'EducationAdmin',
  'EducationLibrarian',
  'EducationCashier',
  'EducationSocialTeacher',
  'EducationObserver',
  'Parent',
  'Student',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_IDS: Record<Role, number> = {
  SuperAdmin: 1,
  Admin: 2,
  Cashier: 3,
  Economist: 4,
  EducationKindergartenAdmin: 5,
  EducationAdmin: 6,
  EducationLibrarian: 7,
  EducationCashier: 8,
  EducationSocialTeacher: 9,
  EducationObserver: 10,
  Parent: 11,
  Student: 12,
};

export const roleById = (id: number): Role | undefined =>
  (Object.entries(ROLE_IDS) as [Role, number][]).find(([, v]) => v === id)?.[0];

export const ROLE_LABELS: Record<Role, string> = {
  SuperAdmin: 'Супер администратор',
  Admin: 'Администратор',
  Cashier: 'Кассир',
  Economist: 'Экономист',
  EducationKindergartenAdmin: 'Администратор детского сада',
  EducationAdmin: 'Администратор образования',
  EducationLibrarian: 'Библиотекарь',
  EducationCashier: 'Кассир образования',
  EducationSocialTeacher: 'Социальный педагог',
  EducationObserver: 'Наблюдатель',
  Parent: 'Родитель',
  Student: 'Ученик',
};

/** The seed's constant names (docs/product.md "Roles"), for code that talks in those terms. */
export const ROLE_CONSTANTS = {
  ROLE_SUPER_ADMIN: 'SuperAdmin',
  ROLE_ADMIN: 'Admin',
  ROLE_CASHIER: 'Cashier',
  ROLE_ECONOMIST: 'Economist',
  ROLE_KINDERGARTEN_ADMIN: 'EducationKindergartenAdmin',
  ROLE_EDUCATION_ADMIN: 'EducationAdmin',
  ROLE_EDUCATION_CASHIER: 'EducationCashier',
  ROLE_EDUCATION_SOCIAL_TEACHER: 'EducationSocialTeacher',
  ROLE_EDUCATION_OBSERVER: 'EducationObserver',
  ROLE_EDUCATION_LIBRARIAN: 'EducationLibrarian',
  ROLE_PARENT: 'Parent',
} as const satisfies Record<string, Role>;

/** The ten staff roles and the parent: who may open /profile and /password. */
export const ACCOUNT_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'Student');

export const ORGANIZATION_TYPES = ['education', 'kindergarten', 'company'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const ORGANIZATION_STATUSES = ['active', 'disabled'] as const;

export const MODULES = ['library'] as const;
export type Module = (typeof MODULES)[number];
