import { withKazakh } from './languages.ts';
import { catalogueEndpoints } from './catalogue-kit.ts';
import { listOf, Paging } from './common.ts';
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

export const CANTEEN_MESSAGES = withKazakh(
  {
    notFound: 'Столовая не найдена',
  } as const,
  { notFound: 'Асхана табылмады' },
);

export const CANTEEN_ENDPOINTS = catalogueEndpoints('canteens', {
  row: Canteen,
  query: CanteenListQuery,
  create: CanteenCreate,
  update: CanteenUpdate,
  summaries: {
    list: 'Столовые организации (поиск по названию и адресу)',
    get: 'Столовая',
    create: 'Новая столовая',
    update: 'Изменение столовой',
    remove: 'Удаление столовой (в архив: посещения сохраняются)',
  },
  example: { name: 'Столовая №1', address: 'Алматы, ул. Абая, 1', description: null },
});
