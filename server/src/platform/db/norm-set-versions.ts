import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * A norm set's current content as one document (docs/rules.md "Norm sets"): its names, source,
 * tolerance, shares and values, each number as the database writes it. The migration that made
 * `norm_set_versions` keeps the sets it found by the same expression.
 */
const content = (set: SQL) => sql`jsonb_build_object(
  'name', ${set}.name, 'name_kk', ${set}.name_kk, 'name_ru_missing', ${set}.name_ru_missing,
  'source', ${set}.source, 'kazakh_2025', ${set}.kazakh_2025, 'tolerance_pct', ${set}.tolerance_pct::text,
  'shares', coalesce((select jsonb_agg(jsonb_build_object('meal', h.meal, 'share_pct', h.share_pct::text) order by h.meal)
    from norm_set_shares h where h.norm_set_id = ${set}.id), '[]'::jsonb),
  'values', coalesce((select jsonb_agg(jsonb_build_object('age_group_id', v.age_group_id, 'meal', v.meal,
      'nutrient', v.nutrient, 'value', v.value::text) order by v.age_group_id, v.meal, v.nutrient)
    from norm_set_values v where v.norm_set_id = ${set}.id), '[]'::jsonb))`;

/** Keeps the set's current version as saved (when, by whom, what): called after each save of the set. */
export async function keepNormSetVersion(tx: Db, normSetId: number): Promise<void> {
  await tx.execute(sql`
    insert into norm_set_versions (norm_set_id, version, saved_at, saved_by, content)
    select s.id, s.version, s.updated_at, s.updated_by, ${content(sql.raw('s'))}
    from norm_sets s where s.id = ${normSetId}
    on conflict (norm_set_id, version) do nothing`);
}

/** What a kept version holds. */
export interface NormSetVersionContent {
  name: string;
  name_kk: string | null;
  name_ru_missing: boolean;
  source: string;
  kazakh_2025: boolean;
  tolerance_pct: string;
  shares: { meal: number; share_pct: string }[];
  values: { age_group_id: number; meal: number; nutrient: string; value: string }[];
}
