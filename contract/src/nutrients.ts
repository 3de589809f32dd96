import { withKazakh } from './languages.ts';

/**
 * The nutrients a food holds per 100 g of its edible part (docs/rules.md "Foods and nutrients"): the
 * twenty the shipped composition table gives (USDA SR28, the release's nutrient number in `sr`). A food
 * without a value for one has it "not measured", never 0. The column of each is its code in snake case.
 */
export const NUTRIENTS = [
  { code: 'energyKcal', column: 'energy_kcal', unit: 'kcal', sr: '208' },
  { code: 'proteinG', column: 'protein_g', unit: 'g', sr: '203' },
  { code: 'fatG', column: 'fat_g', unit: 'g', sr: '204' },
  { code: 'carbohydrateG', column: 'carbohydrate_g', unit: 'g', sr: '205' },
  { code: 'fibreG', column: 'fibre_g', unit: 'g', sr: '291' },
  { code: 'sugarsG', column: 'sugars_g', unit: 'g', sr: '269' },
  { code: 'saturatedFatG', column: 'saturated_fat_g', unit: 'g', sr: '606' },
  { code: 'sodiumMg', column: 'sodium_mg', unit: 'mg', sr: '307' },
  { code: 'waterG', column: 'water_g', unit: 'g', sr: '255' },
  { code: 'calciumMg', column: 'calcium_mg', unit: 'mg', sr: '301' },
  { code: 'ironMg', column: 'iron_mg', unit: 'mg', sr: '303' },
  { code: 'magnesiumMg', column: 'magnesium_mg', unit: 'mg', sr: '304' },
  { code: 'phosphorusMg', column: 'phosphorus_mg', unit: 'mg', sr: '305' },
  { code: 'potassiumMg', column: 'potassium_mg', unit: 'mg', sr: '306' },
  { code: 'vitaminCMg', column: 'vitamin_c_mg', unit: 'mg', sr: '401' },
  { code: 'thiaminB1Mg', column: 'thiamin_b1_mg', unit: 'mg', sr: '404' },
  { code: 'riboflavinB2Mg', column: 'riboflavin_b2_mg', unit: 'mg', sr: '405' },
  { code: 'vitaminARaeUg', column: 'vitamin_a_rae_ug', unit: 'µg', sr: '320' },
  { code: 'vitaminDUg', column: 'vitamin_d_ug', unit: 'µg', sr: '328' },
  { code: 'vitaminEMg', column: 'vitamin_e_mg', unit: 'mg', sr: '323' },
] as const;
export type Nutrient = (typeof NUTRIENTS)[number]['code'];
export const NUTRIENT_CODES = NUTRIENTS.map((n) => n.code) as Nutrient[];
/** A food's or a dish's values: a nutrient not measured is null. */
export type NutrientValues = Record<Nutrient, number | null>;

export const NUTRIENT_NAMES = withKazakh(
  {
    energyKcal: 'Энергетическая ценность, ккал',
    proteinG: 'Белки, г',
    fatG: 'Жиры, г',
    carbohydrateG: 'Углеводы, г',
    fibreG: 'Пищевые волокна, г',
    sugarsG: 'Сахара, г',
    saturatedFatG: 'Насыщенные жирные кислоты, г',
    sodiumMg: 'Натрий, мг',
    waterG: 'Вода, г',
    calciumMg: 'Кальций, мг',
    ironMg: 'Железо, мг',
    magnesiumMg: 'Магний, мг',
    phosphorusMg: 'Фосфор, мг',
    potassiumMg: 'Калий, мг',
    vitaminCMg: 'Витамин C, мг',
    thiaminB1Mg: 'Витамин B1, мг',
    riboflavinB2Mg: 'Витамин B2, мг',
    vitaminARaeUg: 'Витамин A, мкг рет. экв.',
    vitaminDUg: 'Витамин D, мкг',
    vitaminEMg: 'Витамин E, мг',
  } as const satisfies Record<Nutrient, string>,
  {
    energyKcal: 'Энергетикалық құндылығы, ккал',
    proteinG: 'Ақуыздар, г',
    fatG: 'Майлар, г',
    carbohydrateG: 'Көмірсулар, г',
    fibreG: 'Тағамдық талшықтар, г',
    sugarsG: 'Қанттар, г',
    saturatedFatG: 'Қаныққан май қышқылдары, г',
    sodiumMg: 'Натрий, мг',
    waterG: 'Су, г',
    calciumMg: 'Кальций, мг',
    ironMg: 'Темір, мг',
    magnesiumMg: 'Магний, мг',
    phosphorusMg: 'Фосфор, мг',
    potassiumMg: 'Калий, мг',
    vitaminCMg: 'С дәрумені, мг',
    thiaminB1Mg: 'B1 дәрумені, мг',
    riboflavinB2Mg: 'B2 дәрумені, мг',
    vitaminARaeUg: 'A дәрумені, мкг рет. экв.',
    vitaminDUg: 'D дәрумені, мкг',
    vitaminEMg: 'E дәрумені, мг',
  },
);

/** The shipped composition table, as every figure resting on it cites it. */
export const SR28 = {
  source: 'usda-sr28',
  release: 'SR28 (slightly revised), May 2016',
  citation:
    'U.S. Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory. USDA National Nutrient Database for Standard Reference, Release 28 (Slightly revised), May 2016.',
} as const;
