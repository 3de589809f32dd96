import { withKazakh } from './languages.ts';

/**
 * The allergens a label must name (docs/rules.md "Restrictions and allergens"): the fourteen of EU
 * Regulation 1169/2011 Annex II and aspartame, as TR CU 022/2011 (binding in Kazakhstan) lists them.
 * One list of codes serves the dishes, the children's restrictions and the prints.
 */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
  'aspartame',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const ALLERGEN_NAMES = withKazakh(
  {
    gluten: 'Злаки, содержащие глютен',
    crustaceans: 'Ракообразные',
    eggs: 'Яйца',
    fish: 'Рыба и рыбные продукты',
    peanuts: 'Арахис',
    soybeans: 'Соя',
    milk: 'Молоко и молочные продукты (и лактоза)',
    nuts: 'Орехи',
    celery: 'Сельдерей',
    mustard: 'Горчица',
    sesame: 'Кунжут',
    sulphites: 'Диоксид серы и сульфиты',
    lupin: 'Люпин',
    molluscs: 'Моллюски',
    aspartame: 'Аспартам',
  } as const satisfies Record<Allergen, string>,
  {
    gluten: 'Құрамында глютені бар дәнді дақылдар',
    crustaceans: 'Шаян тәрізділер',
    eggs: 'Жұмыртқа',
    fish: 'Балық және балық өнімдері',
    peanuts: 'Жержаңғақ',
    soybeans: 'Соя',
    milk: 'Сүт және сүт өнімдері (және лактоза)',
    nuts: 'Жаңғақтар',
    celery: 'Балдыркөк',
    mustard: 'Қыша',
    sesame: 'Күнжіт',
    sulphites: 'Күкірт диоксиді және сульфиттер',
    lupin: 'Люпин',
    molluscs: 'Моллюскалар',
    aspartame: 'Аспартам',
  },
);

/** Each allergen in a word, where a dish's line is short (a cashbox tile, a menu's list, a notice board). */
export const ALLERGEN_SHORT = withKazakh(
  {
    gluten: 'глютен',
    crustaceans: 'ракообразные',
    eggs: 'яйца',
    fish: 'рыба',
    peanuts: 'арахис',
    soybeans: 'соя',
    milk: 'молоко',
    nuts: 'орехи',
    celery: 'сельдерей',
    mustard: 'горчица',
    sesame: 'кунжут',
    sulphites: 'сульфиты',
    lupin: 'люпин',
    molluscs: 'моллюски',
    aspartame: 'аспартам',
  } as const satisfies Record<Allergen, string>,
  {
    gluten: 'глютен',
    crustaceans: 'шаян тәрізділер',
    eggs: 'жұмыртқа',
    fish: 'балық',
    peanuts: 'жержаңғақ',
    soybeans: 'соя',
    milk: 'сүт',
    nuts: 'жаңғақтар',
    celery: 'балдыркөк',
    mustard: 'қыша',
    sesame: 'күнжіт',
    sulphites: 'сульфиттер',
    lupin: 'люпин',
    molluscs: 'моллюскалар',
    aspartame: 'аспартам',
  },
);

/** The diets a parent may ask for, beside the allergens. */
export const DIETS = ['gluten_free', 'lactose_free', 'diabetic', 'no_pork'] as const;
export type Diet = (typeof DIETS)[number];

export const DIET_NAMES = withKazakh(
  {
    gluten_free: 'Без глютена',
    lactose_free: 'Без лактозы',
    diabetic: 'Диабетическое питание',
    no_pork: 'Без свинины',
  } as const satisfies Record<Diet, string>,
  {
    gluten_free: 'Глютенсіз',
    lactose_free: 'Лактозасыз',
    diabetic: 'Диабеттік тамақтану',
    no_pork: 'Шошқа етінсіз',
  },
);

/** The allergens a diet keeps away (a dish holding one meets the diet's restriction). */
export const DIET_ALLERGENS: Record<Diet, readonly Allergen[]> = {
  gluten_free: ['gluten'],
  lactose_free: ['milk'],
  diabetic: [],
  no_pork: [],
};

/** The allergens a child's restrictions keep away: those named, and those their diets imply. */
export const restrictedAllergens = (allergens: readonly string[], diets: readonly string[]): Allergen[] =>
  ALLERGENS.filter((a) => allergens.includes(a) || diets.some((d) => DIET_ALLERGENS[d as Diet]?.includes(a) ?? false));
