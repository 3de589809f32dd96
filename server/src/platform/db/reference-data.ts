import { sql } from 'drizzle-orm';
import { ROLES, ROLE_IDS, ROLE_LABELS } from '@tamaq/contract/roles';
import type { Db } from './client.ts';
import { regions, roles } from './schema.ts';

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
}
