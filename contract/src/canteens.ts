import { withKazakh } from './languages.ts';
import { IdParams, listOf, Ok, Paging } from './common.ts';
import { endpointsOf } from './endpoint-kit.ts';
import type { Role } from './roles.ts';
import { rolesFor } from './routes.ts';
import { bodyId, optionalQueryId, optionalText, requiredText, z } from './zod.ts';

/** Canteens of a company organization: docs/product.md "Canteens", "Entities", "Calls". */
export const Canteen = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type Canteen = z.infer<typeof Canteen>;

export const CanteenListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  /** The super admin's filter; everybody else sees their own organization. */
  organizationId: optionalQueryId(),
});
export type CanteenListQuery = z.infer<typeof CanteenListQuery>;
export const CanteenList = listOf(Canteen);
export type CanteenList = z.infer<typeof CanteenList>;

export const CanteenCreate = z.object({
  name: requiredText(255),
  address: requiredText(500),
  description: optionalText(2000, { lines: true }),
});
export type CanteenCreate = z.infer<typeof CanteenCreate>;

export const CanteenUpdate = CanteenCreate.extend({ id: bodyId() });
export type CanteenUpdate = z.infer<typeof CanteenUpdate>;

/**
 * The list is read by the admin's screens, the cashier's fixation screen (it picks a canteen) and
 * the canteen reports (the economist picks one there).
 */
export const CANTEEN_LIST_ROLES: readonly Role[] = [
  ...new Set([...rolesFor('/canteens'), ...rolesFor('/fixation'), ...rolesFor('/report/fixations')]),
];

export const CANTEEN_MESSAGES = withKazakh(
  {
    notFound: 'Столовая не найдена',
  } as const,
  { notFound: 'Асхана табылмады' },
);

const canteen = endpointsOf('canteens');
const canteenAdmin = rolesFor('/canteens');

export const CANTEEN_ENDPOINTS = {
  list: canteen('list', {
    query: CanteenListQuery,
    answer: CanteenList,
    access: CANTEEN_LIST_ROLES,
    summary: 'Столовые организации (поиск по названию и адресу)',
  }),
  get: canteen('get', {
    params: IdParams,
    answer: Canteen,
    refusals: [404],
    access: canteenAdmin,
    summary: 'Столовая',
  }),
  create: canteen('create', { body: CanteenCreate, answer: Canteen, access: canteenAdmin, summary: 'Новая столовая' }),
  update: canteen('update', {
    body: CanteenUpdate,
    answer: Canteen,
    refusals: [404],
    access: canteenAdmin,
    summary: 'Изменение столовой',
  }),
  remove: canteen('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404],
    access: canteenAdmin,
    summary: 'Удаление столовой (в архив: посещения сохраняются)',
  }),
};
