import { z } from './zod.ts';

/** Token role names (spec 1 §6). The numeric ids are the `role_id` values stored on users. */
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

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

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

/** The seed's constant names (spec 1 §6), for code that talks in those terms. */
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
export const OrganizationType = z.enum(ORGANIZATION_TYPES);
export type OrganizationType = z.infer<typeof OrganizationType>;

export const ORGANIZATION_STATUSES = ['active', 'disabled'] as const;
export const OrganizationStatus = z.enum(ORGANIZATION_STATUSES);

export const MODULES = ['library'] as const;
export const Module = z.enum(MODULES);
export type Module = z.infer<typeof Module>;
