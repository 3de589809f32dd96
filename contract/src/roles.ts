import { MODULES, ORGANIZATION_STATUSES, ORGANIZATION_TYPES, ROLES } from './role-list.ts';
import { z } from './zod.ts';

export * from './role-list.ts';

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
export const OrganizationType = z.enum(ORGANIZATION_TYPES);
export type OrganizationType = z.infer<typeof OrganizationType>;
export const OrganizationStatus = z.enum(ORGANIZATION_STATUSES);
export const Module = z.enum(MODULES);
export type Module = z.infer<typeof Module>;
