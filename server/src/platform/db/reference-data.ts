import { sql } from 'drizzle-orm';
import { ROLES, ROLE_IDS, ROLE_LABELS } from '@tamaq/contract/roles';
import type { Db } from './client.ts';
import { regions, roles } from './schema.ts';
import { cookingLosses } from './schema-nutrition.ts';

/** Kazakhstan's regions and the cities of republican significance (docs/domain.md "Tenants and scope"). */
export const REGIONS = [
  'г. Астана',
  'г. Алматы',
  'г. Шымкент',
  'Абайская область',
  'Акмолинская область',
  'Актюбинская область',
  'Алматинская область',
  'Атырауская область',
  'Восточно-Казахстанская область',
  'Жамбылская область',
  'Жетысуская область',
  'Западно-Казахстанская область',
  'Карагандинская область',
  'Костанайская область',
  'Кызылординская область',
  'Мангистауская область',
  'Павлодарская область',
  'Северо-Казахстанская область',
  'Туркестанская область',
  'Улытауская область',
] as const;

/** Idempotent: run at every start, so a new role or region reaches existing databases. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((code) => ({ id: ROLE_IDS[code], code, name: ROLE_LABELS[code] })))
    .onConflictDoUpdate({ target: roles.id, set: { code: sql`excluded.code`, name: sql`excluded.name` } });
  await db
    .insert(regions)
    .values(REGIONS.map((name, i) => ({ id: i + 1, name })))
    .onConflictDoNothing();
  await ensureCookingLosses(db);
}

/**
 * The nutrient losses a card's cooking loses when the organization has not entered its own
 * (docs/rules.md "Technological cards and a dish's figures"): the common averages of CIS practice as
 * reported, not an act's table. The dietitian replaces them with the recipe book's.
 */
export const SHIPPED_LOSSES_SOURCE =
  'Средние потери при тепловой обработке в практике СНГ (по сообщениям, не текст акта): белки 6 %, жиры 12 %, углеводы 9 %, витамин C 60–80 % по способу (значение способа выбрано в этом диапазоне). Замените данными сборника рецептур.';
const HEATED = ['boiling', 'stewing', 'frying', 'baking', 'steaming'] as const;
const VITAMIN_C = { boiling: 70, stewing: 80, frying: 60, baking: 60, steaming: 60 } as const;
export const SHIPPED_LOSSES = HEATED.flatMap((method) => [
  { method, nutrient: 'proteinG', lossPct: '6' },
  { method, nutrient: 'fatG', lossPct: '12' },
  { method, nutrient: 'carbohydrateG', lossPct: '9' },
  { method, nutrient: 'vitaminCMg', lossPct: String(VITAMIN_C[method]) },
]);

/** Idempotent, at every start: the shipped losses as this release has them. */
export async function ensureCookingLosses(db: Db): Promise<void> {
  // The key is an expression (shipped rows have no organization): an upsert drizzle cannot name.
  await db.execute(sql`
    insert into ${cookingLosses} (organization_id, method, nutrient, loss_pct, source)
    select null, x.method, x.nutrient, x."lossPct"::numeric, ${SHIPPED_LOSSES_SOURCE}
    from json_to_recordset(${JSON.stringify(SHIPPED_LOSSES)}::json) as x(method text, nutrient text, "lossPct" text)
    on conflict (coalesce(organization_id, 0), method, nutrient)
    do update set loss_pct = excluded.loss_pct, source = excluded.source`);
}
