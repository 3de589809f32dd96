import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { ALLERGENS, type Allergen } from '@tamaq/contract/allergens';
import { NUTRIENTS, SR28 } from '@tamaq/contract/nutrients';
import { SERVER_ROOT } from '../paths.ts';
import type { Db } from './client.ts';
import { allergensByName } from './food-allergens.ts';
import { foods, referenceReleases } from './schema-nutrition.ts';

/** The shipped composition table (docs/rules.md "Foods and nutrients"): USDA SR28, gzip of its CSV. */
export const FOOD_TABLE_FILE = path.join(SERVER_ROOT, 'reference', 'usda-sr28', 'foods.csv.gz');
/** The Russian and Kazakh names of the foods a Kazakh school kitchen uses, with their allergens checked by hand. */
export const FOOD_NAMES_FILE = path.join(SERVER_ROOT, 'reference', 'usda-sr28', 'names.csv');

/** A food's names and allergens as `names.csv` gives them. */
export interface FoodNames {
  nameRu: string;
  nameKk: string;
  allergens: Allergen[];
}

/** `names.csv`: the food's number, its Russian and Kazakh names, its allergens (codes split by `;`). */
export function readFoodNames(text: string): Map<string, FoodNames> {
  const [header, ...rows] = parseCsv(text);
  if (header?.join(',') !== 'ndb_no,name_ru,name_kk,allergens') throw new Error('names.csv: unexpected header');
  const names = new Map<string, FoodNames>();
  for (const [ndbNo, nameRu, nameKk, allergens] of rows) {
    if (!ndbNo) continue;
    const codes = (allergens ?? '').split(';').filter(Boolean);
    for (const code of codes)
      if (!(ALLERGENS as readonly string[]).includes(code))
        throw new Error(`names.csv: ${ndbNo}: unknown allergen ${code}`);
    if (names.has(ndbNo)) throw new Error(`names.csv: ${ndbNo} twice`);
    names.set(ndbNo, { nameRu: nameRu!, nameKk: nameKk!, allergens: codes as Allergen[] });
  }
  return names;
}

/** One row of the table's CSV: the food's number, group, name, refuse and its values (null: not measured). */
export interface TableFood {
  ndbNo: string;
  foodGroup: string;
  nameEn: string;
  refusePct: string | null;
  refuseDesc: string | null;
  values: Record<string, string | null>;
}

/** RFC 4180: fields split by commas, a quoted field may hold commas and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The table's foods from its gzip file, exact as written; an empty cell is null. */
export function readFoodTable(file: Buffer): TableFood[] {
  const [header, ...rows] = parseCsv(gunzipSync(file).toString('utf8'));
  const at = (name: string) => {
    const i = header!.indexOf(name);
    if (i < 0) throw new Error(`the food table has no column ${name}`);
    return i;
  };
  const columns = {
    ndbNo: at('ndb_no'),
    foodGroup: at('food_group'),
    nameEn: at('name_en'),
    refusePct: at('refuse_pct'),
    refuseDesc: at('refuse_desc'),
  };
  const nutrientAt = NUTRIENTS.map((n) => [n.column, at(n.column)] as const);
  const cell = (row: string[], i: number) => (row[i] === undefined || row[i] === '' ? null : row[i]!);
  return rows
    .filter((r) => r.length > 1)
    .map((row) => ({
      ndbNo: row[columns.ndbNo]!,
      foodGroup: row[columns.foodGroup]!,
      nameEn: row[columns.nameEn]!,
      refusePct: cell(row, columns.refusePct),
      refuseDesc: cell(row, columns.refuseDesc),
      values: Object.fromEntries(nutrientAt.map(([column, i]) => [column, cell(row, i)])),
    }));
}

/** Rows a statement sends at once, as one JSON parameter. */
const BATCH = 2000;

/**
 * Loads the shipped composition table into `foods` when this database lacks it or holds another file
 * of it (idempotent, at every start, like the roles): inserted or updated by the food's number, so the
 * ids the organizations' cards refer to stay. A lock keeps two starting instances apart; a file that
 * did not change costs one read of its checksum.
 */
export async function ensureFoodTable(
  db: Db,
  file = FOOD_TABLE_FILE,
  namesFile = FOOD_NAMES_FILE,
): Promise<{ loaded: number }> {
  const bytes = fs.readFileSync(file);
  const namesText = fs.readFileSync(namesFile, 'utf8');
  const checksum = createHash('sha256').update(bytes).update(namesText).digest('hex');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [held] = await tx
      .select({ checksum: referenceReleases.checksum })
      .from(referenceReleases)
      .where(sql`${referenceReleases.name} = ${SR28.source}`);
    if (held?.checksum === checksum) return { loaded: 0 };
    const table = readFoodTable(bytes);
    const names = readFoodNames(namesText);
    const numbers = new Set(table.map((f) => f.ndbNo));
    for (const ndbNo of names.keys())
      if (!numbers.has(ndbNo)) throw new Error(`names.csv: no food ${ndbNo} in the table`);
    const text = new Set(['ndb_no', 'food_group', 'name_en', 'name_ru', 'name_kk', 'refuse_desc']);
    const columns = [...text, 'refuse_pct', 'allergens', ...NUTRIENTS.map((n) => n.column)];
    const shape = sql.raw(
      columns.map((c) => `${c} ${text.has(c) ? 'text' : c === 'allergens' ? 'text[]' : 'numeric'}`).join(', '),
    );
    const list = sql.raw(columns.join(', '));
    const updates = sql.raw(
      columns
        .filter((c) => c !== 'ndb_no')
        .map((c) => `${c} = excluded.${c}`)
        .join(', '),
    );
    for (let i = 0; i < table.length; i += BATCH) {
      const rows = table.slice(i, i + BATCH).map((f) => {
        const named = names.get(f.ndbNo);
        return {
          ndb_no: f.ndbNo,
          food_group: f.foodGroup,
          name_en: f.nameEn,
          name_ru: named?.nameRu ?? null,
          name_kk: named?.nameKk ?? null,
          refuse_pct: f.refusePct,
          refuse_desc: f.refuseDesc,
          allergens: named ? named.allergens : allergensByName(f.nameEn, f.foodGroup),
          ...f.values,
        };
      });
      await tx.execute(sql`
        insert into ${foods} (${list}, source)
        select ${list}, ${SR28.source} from json_to_recordset(${JSON.stringify(rows)}::json) as x(${shape})
        on conflict (ndb_no) where organization_id is null
        do update set ${updates}, updated_at = now()`);
    }
    await tx
      .insert(referenceReleases)
      .values({ name: SR28.source, release: SR28.release, checksum, rows: table.length, loadedAt: new Date() })
      .onConflictDoUpdate({
        target: referenceReleases.name,
        set: { release: SR28.release, checksum, rows: table.length, loadedAt: new Date() },
      });
    return { loaded: table.length };
  });
}
