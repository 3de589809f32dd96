import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-db.ts';
import { allergensByName } from './food-allergens.ts';
import { ensureFoodTable, FOOD_NAMES_FILE, FOOD_TABLE_FILE, parseCsv, readFoodNames } from './food-table.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The shipped file's own lines, read without the loader's parser. */
const csvLines = gunzipSync(fs.readFileSync(FOOD_TABLE_FILE)).toString('utf8').trim().split('\n');

describe('the shipped composition table', () => {
  it('is in every database the server starts on: every food of the file, its values exact, a missing value null', async () => {
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from foods where organization_id is null`);
    expect(count!.n).toBe(csvLines.length - 1);
    expect(count!.n).toBe(8789);
    // Salted butter's line as the file has it, compared with the row.
    const butter = csvLines.find((l) => l.startsWith('01001,'))!;
    expect(butter).toContain('"Butter, salted"');
    const [row] = await rows<Record<string, string | null>>(sql`
      select ndb_no, food_group, name_en, refuse_pct, energy_kcal, protein_g, fat_g, saturated_fat_g, sodium_mg, source
      from foods where ndb_no = '01001'`);
    expect(row).toEqual({
      ndb_no: '01001',
      food_group: 'Dairy and Egg Products',
      name_en: 'Butter, salted',
      refuse_pct: '0',
      energy_kcal: '717',
      protein_g: '0.85',
      fat_g: '81.11',
      saturated_fat_g: '51.368',
      sodium_mg: '643',
      source: 'usda-sr28',
    });
    // A value the release did not measure: null, never 0.
    const [header, ...lines] = parseCsv(csvLines.join('\n'));
    const missing = lines.find((l) => l[header!.indexOf('vitamin_d_ug')] === '')!;
    const [unmeasured] = await rows<{ vitamin_d_ug: string | null }>(
      sql`select vitamin_d_ug from foods where ndb_no = ${missing[0]}`,
    );
    expect(unmeasured!.vitamin_d_ug).toBeNull();
    const [release] = await rows<{ release: string; rows: number }>(
      sql`select release, rows from reference_releases where name = 'usda-sr28'`,
    );
    expect(release).toEqual({ release: 'SR28 (slightly revised), May 2016', rows: 8789 });
  });

  it('loads nothing again at the next start, and a changed file updates its foods in place, keeping their ids', async () => {
    expect(await ensureFoodTable(database.db)).toEqual({ loaded: 0 });
    const [before] = await rows<{ id: number }>(sql`select id from foods where ndb_no = '01001'`);
    // A new file of the table where butter's energy changed and a food was added.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-foods-'));
    const file = path.join(dir, 'foods.csv.gz');
    const changed = csvLines.map((l) => (l.startsWith('01001,') ? l.replace(',717,', ',716,') : l));
    const added = '99999,Test Group,"Test food, raw",10,Stems,100' + ','.repeat(19);
    fs.writeFileSync(file, gzipSync([...changed, added].join('\n') + '\n'));
    try {
      expect(await ensureFoodTable(database.db, file)).toEqual({ loaded: 8790 });
      const [after] = await rows<{ id: number; energy_kcal: string }>(
        sql`select id, energy_kcal from foods where ndb_no = '01001'`,
      );
      expect(after).toEqual({ id: before!.id, energy_kcal: '716' });
      const [test] = await rows<{ name_en: string; refuse_pct: string; energy_kcal: string; protein_g: null }>(
        sql`select name_en, refuse_pct, energy_kcal, protein_g from foods where ndb_no = '99999'`,
      );
      expect(test).toEqual({ name_en: 'Test food, raw', refuse_pct: '10', energy_kcal: '100', protein_g: null });
      expect(await ensureFoodTable(database.db, file)).toEqual({ loaded: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is loaded once when two instances start together', async () => {
    await database.db.execute(sql`update reference_releases set checksum = 'older'`);
    const [a, b] = await Promise.all([ensureFoodTable(database.db), ensureFoodTable(database.db)]);
    expect([a.loaded, b.loaded].sort()).toEqual([0, 8789]);
  });
});

describe('the foods a school kitchen uses', () => {
  it('have Russian and Kazakh names and allergens checked by hand: at least 400, every one a food of the table', () => {
    const names = readFoodNames(fs.readFileSync(FOOD_NAMES_FILE, 'utf8'));
    expect(names.size).toBeGreaterThanOrEqual(400);
    const numbers = new Set(csvLines.slice(1).map((l) => l.slice(0, 5)));
    for (const [ndbNo, named] of names) {
      expect(numbers.has(ndbNo), ndbNo).toBe(true);
      expect(named.nameRu.trim(), ndbNo).not.toBe('');
      expect(named.nameKk.trim(), ndbNo).not.toBe('');
    }
    // Each name once in each language: a search or a picker would show two foods alike.
    for (const language of ['nameRu', 'nameKk'] as const) {
      const seen = new Map<string, string>();
      for (const [ndbNo, named] of names) {
        const name = named[language].toLowerCase();
        expect(seen.get(name), `${ndbNo} ${name}`).toBeUndefined();
        seen.set(name, ndbNo);
      }
    }
  });

  it('are in the database with those names and allergens; a food without them has its allergens by its name', async () => {
    const found = await rows<{
      ndb_no: string;
      name_ru: string | null;
      name_kk: string | null;
      allergens: string[];
    }>(sql`
      select ndb_no, name_ru, name_kk, allergens from foods
      where ndb_no in ('17170', '20081', '01123', '15015', '18184', '01012', '18174', '15149', '11216')
      order by ndb_no`);
    expect(found).toEqual([
      { ndb_no: '01012', name_ru: 'Творог', name_kk: 'Сүзбе', allergens: ['milk'] },
      { ndb_no: '01123', name_ru: 'Яйцо куриное', name_kk: 'Тауық жұмыртқасы', allergens: ['eggs'] },
      { ndb_no: '11216', name_ru: null, name_kk: null, allergens: [] },
      { ndb_no: '15015', name_ru: 'Треска', name_kk: 'Нәлім', allergens: ['fish'] },
      { ndb_no: '15149', name_ru: 'Креветки', name_kk: 'Асшаян', allergens: ['crustaceans'] },
      { ndb_no: '17170', name_ru: 'Конина', name_kk: 'Жылқы еті', allergens: [] },
      {
        ndb_no: '18174',
        name_ru: null,
        name_kk: null,
        // «Cookies, graham crackers, chocolate-coated»: by its group and name.
        allergens: ['gluten'],
      },
      {
        ndb_no: '18184',
        name_ru: 'Печенье овсяное домашнее, с изюмом',
        name_kk: 'Үйде пісірілген сұлы печеньесі, мейізді',
        allergens: ['gluten', 'eggs', 'milk'],
      },
      {
        ndb_no: '20081',
        name_ru: 'Мука пшеничная высшего сорта, обогащённая',
        name_kk: 'Жоғары сортты бидай ұны, байытылған',
        allergens: ['gluten'],
      },
    ]);
  });

  it('refuses a names file that names a food the table lacks, and loads nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-names-'));
    const file = path.join(dir, 'names.csv');
    fs.writeFileSync(file, 'ndb_no,name_ru,name_kk,allergens\n99998,Нет такого,Мұндай жоқ,\n');
    try {
      await expect(ensureFoodTable(database.db, FOOD_TABLE_FILE, file)).rejects.toThrow('no food 99998');
      const [named] = await rows<{ name_ru: string }>(sql`select name_ru from foods where ndb_no = '17170'`);
      expect(named!.name_ru).toBe('Конина');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('allergens by a food’s name', () => {
  it.each([
    ['Cookies, oatmeal, commercially prepared, regular', 'Baked Products', ['gluten']],
    ['Buckwheat groats, roasted, dry', 'Cereal Grains and Pasta', []],
    ['Rice flour, white, unenriched', 'Cereal Grains and Pasta', []],
    ['Pasta, gluten-free, corn, dry', 'Cereal Grains and Pasta', []],
    ['Noodles, egg, dry, enriched', 'Cereal Grains and Pasta', ['gluten', 'eggs']],
    ['Eggplant, raw', 'Vegetables and Vegetable Products', []],
    ['Egg, whole, raw, fresh', 'Dairy and Egg Products', ['eggs']],
    ['Cheese, feta', 'Dairy and Egg Products', ['milk']],
    ['Peanut butter, smooth style, without salt', 'Legumes and Legume Products', ['peanuts']],
    ['Cereals, CREAM OF WHEAT, regular, 10 minute cooking, dry', 'Breakfast Cereals', ['gluten']],
    ['Fish, cod, Atlantic, raw', 'Finfish and Shellfish Products', ['fish']],
    ['Mollusks, squid, mixed species, raw', 'Finfish and Shellfish Products', ['molluscs']],
    ['Crustaceans, shrimp, mixed species, raw', 'Finfish and Shellfish Products', ['crustaceans']],
    ['Apricots, dried, sulfured, uncooked', 'Fruits and Fruit Juices', ['sulphites']],
    ['Soymilk, original and vanilla, unfortified', 'Legumes and Legume Products', ['soybeans']],
    ['Nuts, coconut meat, dried (desiccated), not sweetened', 'Nut and Seed Products', []],
  ])('%s', (name, group, expected) => {
    expect(allergensByName(name, group)).toEqual(expected);
  });
});
