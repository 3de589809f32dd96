import { endpointsOf } from './endpoint-kit.ts';
import { withKazakh } from './languages.ts';
import { IdParams, Ok } from './common.ts';
import { NameAnswer, NamedRef, nameBody, someName } from './names.ts';
import { rolesFor } from './routes.ts';
import { bodyId, requiredText, z } from './zod.ts';

/**
 * Norms (docs/rules.md "Norm sets"): what a child of an age group should get in a day and in each meal,
 * as an organization's sets. A set holds, per age group, the day's need and, where its act gives one, a
 * meal's own figure; each meal's share of the day; a tolerance. A school analyses its menus against the
 * set it chose. The product ships the sets whose numbers are known as templates, each naming its act;
 * none of them is the Kazakh 2025 table, whose numbers the dietitian enters as the region approved them.
 */

/** The figures a norm is given for, as the dish's figures name them. */
export const NORM_NUTRIENTS = ['energyKcal', 'proteinG', 'fatG', 'carbohydrateG', 'saltG', 'sugarsG'] as const;
export type NormNutrient = (typeof NORM_NUTRIENTS)[number];
/** Figures whose norm is a most, not an aim: only more than the norm (and its tolerance) is a deviation. */
export const NORM_MAXIMA: readonly NormNutrient[] = ['saltG', 'sugarsG'];

/** The menu's meal modes that are meals of the day (docs/product.md "Menus"): a share is given for each. */
export const NORM_MEALS = [1, 2, 3, 4, 5, 6] as const;
export type NormMeal = (typeof NORM_MEALS)[number];

type Values = Partial<Record<NormNutrient, string>>;
interface TemplateRow {
  /** Whole years, both ends included. */
  age_from: number;
  age_to: number;
  /** Null: the day's need; a meal: the act's own figure for that meal. */
  meal: NormMeal | null;
  values: Values;
}
export interface NormTemplate {
  code: string;
  name: string;
  name_kk: string;
  /** The act and table the numbers come from, and how they were read. */
  source: string;
  shares: { meal: NormMeal; share_pct: string }[];
  rows: TemplateRow[];
}

const day = (age_from: number, age_to: number, e: string, p: string, f: string, c: string): TemplateRow => ({
  age_from,
  age_to,
  meal: null,
  values: { energyKcal: e, proteinG: p, fatG: f, carbohydrateG: c },
});
const lunch = (age_from: number, age_to: number, energyKcal: string): TemplateRow => ({
  age_from,
  age_to,
  meal: 3,
  values: { energyKcal },
});

/**
 * The shipped sets. SanPiN's age bands «1–3, 3–7, 7–11 лет, 12 лет и старше» read in whole years with both
 * ends included; a meal's share is the middle of the act's range (lunch 30–35 % → 32.5 %), so that the
 * default tolerance of ±10 % of it holds the act's whole range.
 */
export const NORM_TEMPLATES: readonly NormTemplate[] = [
  {
    code: 'sanpin-2020',
    name: 'СанПиН 2.3/2.4.3590-20 (Россия) — не казахстанская таблица',
    name_kk: 'СанПиН 2.3/2.4.3590-20 (Ресей) — қазақстандық кесте емес',
    source:
      'СанПиН 2.3/2.4.3590-20, приложение 10, таблица 1 (суточная потребность); доли приёмов пищи — таблица 3, середина диапазона',
    shares: [
      { meal: 1, share_pct: '22.5' },
      { meal: 3, share_pct: '32.5' },
      { meal: 4, share_pct: '12.5' },
      { meal: 5, share_pct: '25' },
      { meal: 6, share_pct: '7.5' },
    ],
    rows: [
      day(1, 2, '1400', '42', '47', '203'),
      day(3, 6, '1800', '54', '60', '261'),
      day(7, 11, '2350', '77', '79', '335'),
      day(12, 18, '2720', '90', '92', '383'),
    ],
  },
  {
    code: 'kz-2019-lunch',
    name: 'Единый стандарт питания 2019 (Казахстан): энергия обеда, по сообщениям',
    name_kk: 'Бірыңғай тамақтану стандарты 2019 (Қазақстан): түскі ас энергиясы, хабарламалар бойынша',
    source:
      'Единый стандарт питания 2019 года (Казахская академия питания), энергия школьного обеда — по сообщениям министерства и прессы, не текст акта',
    shares: [],
    rows: [lunch(7, 10, '840'), lunch(11, 14, '951'), lunch(15, 18, '1020')],
  },
];
type Band = { ageFrom: number; ageTo: number };

/** Whole years two bands share, both ends included. */
const overlap = (a: Band, b: Band) => Math.max(0, Math.min(a.ageTo, b.ageTo) - Math.max(a.ageFrom, b.ageFrom) + 1);

/**
 * The template band an age group takes its norm from: the one that shares the most years with it, the
 * older of two that share as many (an 11–18 group of bands 11–14 and 15–18 takes 15–18: the greater need).
 * None when no band shares a year.
 */
export function bandFor<B extends Band>(group: Band, bands: readonly B[]): B | null {
  let best: B | null = null;
  for (const band of bands) {
    const years = overlap(group, band);
    if (years === 0) continue;
    const bestYears = best ? overlap(group, best) : 0;
    if (years > bestYears || (years === bestYears && best !== null && band.ageFrom > best.ageFrom)) best = band;
  }
  return best;
}

/** A template's values for each of an organization's age groups, by the band that fits the group. */
export function templateValues(template: NormTemplate, groups: readonly (Band & { id: number })[]) {
  const bands = [
    ...new Map(
      template.rows.map((r) => [`${r.age_from}-${r.age_to}`, { ageFrom: r.age_from, ageTo: r.age_to }]),
    ).values(),
  ];
  return groups.flatMap((group) => {
    const band = bandFor(group, bands);
    if (!band) return [];
    return template.rows
      .filter((r) => r.age_from === band.ageFrom && r.age_to === band.ageTo)
      .flatMap((r) =>
        Object.entries(r.values).map(([nutrient, value]) => ({
          ageGroupId: group.id,
          meal: r.meal ?? 0,
          nutrient,
          value: value!,
        })),
      );
  });
}

export const NORM_TEMPLATE_CODES = NORM_TEMPLATES.map((t) => t.code) as [string, ...string[]];

export const NORM_MESSAGES = withKazakh(
  {
    setNotFound: 'Набор норм не найден',
    schoolNotFound: 'Школа не найдена',
    template: 'Неизвестный набор норм',
    tolerance: 'Допуск — число процентов от 0 до 50',
    meal: 'Приём пищи — завтрак, второй завтрак, обед, полдник, ужин или второй ужин',
    mealTwice: 'Этот приём пищи указан дважды',
    share: 'Доля — число процентов больше 0 и не больше 100, до двух знаков после запятой',
    shareSum: 'Доли приёмов пищи вместе больше 100 %',
    value: 'Норма — число от 0 до 10 000, до трёх знаков после запятой, или пусто',
    rowTwice: 'Норма для этой группы и приёма пищи указана дважды',
    ageGroup: 'Возрастная группа не найдена',
    noAgeGroups: 'Сначала добавьте возрастные группы: нормы задаются для каждой',
    inUse: (schools: string) => `Нормы выбраны для школ: ${schools}. Сначала выберите им другие`,
  } as const,
  {
    setNotFound: 'Нормалар жинағы табылмады',
    schoolNotFound: 'Мектеп табылмады',
    template: 'Белгісіз нормалар жинағы',
    tolerance: 'Рұқсат етілген ауытқу — 0-ден 50-ге дейінгі пайыз саны',
    meal: 'Тамақтану — таңғы ас, екінші таңғы ас, түскі ас, бесін ас, кешкі ас немесе екінші кешкі ас',
    mealTwice: 'Бұл тамақтану екі рет көрсетілген',
    share: 'Үлесі — 0-ден үлкен, 100-ден аспайтын пайыз саны, үтірден кейін екі таңбаға дейін',
    shareSum: 'Тамақтану үлестерінің жиынтығы 100 %-дан артық',
    value: 'Норма — 0-ден 10 000-ға дейінгі сан, үтірден кейін үш таңбаға дейін, немесе бос',
    rowTwice: 'Бұл топ пен тамақтануға норма екі рет көрсетілген',
    ageGroup: 'Жас тобы табылмады',
    noAgeGroups: 'Алдымен жас топтарын қосыңыз: нормалар әрқайсысына беріледі',
    inUse: (schools: string) => `Нормалар мына мектептерге таңдалған: ${schools}. Алдымен оларға басқасын таңдаңыз`,
  },
);
const M = NORM_MESSAGES;

/** A decimal as a book gives it ("12,5" is read as "12.5"), kept exact as text; empty is none. */
const decimal = (max: number, places: number, message: string, positive = false) =>
  z
    .union([z.number(), z.string().trim().max(20), z.null()], { error: () => message })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const text = typeof v === 'number' ? String(v) : v.replace(',', '.');
      const ok = new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(text) && Number(text) <= max;
      if (!ok || (positive && Number(text) === 0)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return text;
    });

const meal = z.union(NORM_MEALS.map((m) => z.literal(m)) as [z.ZodLiteral<NormMeal>, ...z.ZodLiteral<NormMeal>[]], {
  error: () => M.meal,
});

const NormValuesBody = z.object(
  Object.fromEntries(NORM_NUTRIENTS.map((n) => [n, decimal(10_000, 3, M.value)])) as Record<
    NormNutrient,
    ReturnType<typeof decimal>
  >,
);

const NormRowBody = z.object({
  age_group_id: bodyId(),
  /** Null or left out: the day's need. */
  meal: meal.nullable().default(null),
  values: NormValuesBody.partial().default({}),
});
const NormShareBody = z.object({
  meal,
  share_pct: decimal(100, 2, M.share, true).refine((v) => v !== null, { error: () => M.share }),
});

const NormSetFields = z.object({
  ...nameBody(255),
  /** The act, order or letter the numbers come from: who approved them and when. */
  source: requiredText(500),
  /** The set is the Kazakh table in force (the dietitian says so); the shipped templates never are. */
  kazakh_2025: z.boolean().default(false),
  /** A figure within this many per cent of its norm is kept (both ways; salt and sugar: above only). */
  tolerance_pct: decimal(50, 2, M.tolerance).transform((v) => v ?? '10'),
  shares: z.array(NormShareBody).max(NORM_MEALS.length).default([]),
  rows: z.array(NormRowBody).max(500).default([]),
});

type Fields = z.infer<typeof NormSetFields>;
/** Each meal once, the shares at most 100 %, each group and meal once: said on the item that repeats. */
const checkSet = (v: Fields, ctx: z.RefinementCtx) => {
  const meals = new Set<number>();
  v.shares.forEach((s, i) => {
    if (meals.has(s.meal)) ctx.addIssue({ code: 'custom', path: ['shares', i, 'meal'], message: M.mealTwice });
    meals.add(s.meal);
  });
  const sum = v.shares.reduce((total, s) => total + Math.round(Number(s.share_pct) * 100), 0);
  if (sum > 10_000) ctx.addIssue({ code: 'custom', path: ['shares'], message: M.shareSum });
  const rows = new Set<string>();
  v.rows.forEach((r, i) => {
    const key = `${r.age_group_id}:${r.meal ?? 0}`;
    if (rows.has(key)) ctx.addIssue({ code: 'custom', path: ['rows', i, 'meal'], message: M.rowTwice });
    rows.add(key);
  });
};

export const NormSetCreate = NormSetFields.refine(...someName).superRefine(checkSet);
export type NormSetCreate = z.infer<typeof NormSetCreate>;
export const NormSetUpdate = NormSetFields.extend({ id: bodyId() }).superRefine(checkSet);
export type NormSetUpdate = z.infer<typeof NormSetUpdate>;

/** `POST /api/norm/set/template`: a new set of the organization from a shipped one, for its age groups. */
export const NormTemplateBody = z.object({
  template: z.enum(NORM_TEMPLATE_CODES, { error: () => M.template }),
});

/** `PUT /api/norm/school`: the set a school's menus are analysed against; null: none. */
export const NormSchoolBody = z.object({ school_id: bodyId(), norm_set_id: bodyId().nullable() });

const valuesAnswer = z.object(
  Object.fromEntries(NORM_NUTRIENTS.map((n) => [n, z.string().nullable()])) as Record<
    NormNutrient,
    z.ZodNullable<z.ZodString>
  >,
);

export const NormSet = z.object({
  id: z.number().int(),
  ...NameAnswer,
  source: z.string(),
  /** The shipped set it was made from, or null. */
  template: z.string().nullable(),
  kazakh_2025: z.boolean(),
  tolerance_pct: z.string(),
  /** 1 when made, one more at each change: an analysis names the version it used. */
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
  shares: z.array(z.object({ meal: z.number().int(), share_pct: z.string() })),
  /** By age group (youngest first), the day's row before the meals'. */
  rows: z.array(z.object({ age_group_id: z.number().int(), meal: z.number().int().nullable(), values: valuesAnswer })),
  /** The schools whose menus are analysed against it. */
  schools: z.array(NamedRef),
});
export type NormSet = z.infer<typeof NormSet>;

/**
 * A set's versions, newest first (docs/rules.md "Norm sets"): each as it was saved, when and by whom, so
 * that the version an analysis named can be read after the set changed.
 */
export const NormSetVersions = z.object({
  rows: z.array(
    NormSet.pick({
      name: true,
      name_ru: true,
      name_kk: true,
      source: true,
      kazakh_2025: true,
      tolerance_pct: true,
      version: true,
      shares: true,
      rows: true,
    }).extend({ saved_at: z.string(), saved_by: z.string().nullable() }),
  ),
});
export type NormSetVersions = z.infer<typeof NormSetVersions>;

export const NormSets = z.object({
  rows: z.array(NormSet),
  /** Each school of the organization and the set it chose (null: none). */
  schools: z.array(z.object({ ...NamedRef.shape, norm_set_id: z.number().int().nullable() })),
});
export type NormSets = z.infer<typeof NormSets>;

export const NormTemplates = z.object({
  rows: z.array(
    z.object({
      code: z.string(),
      ...NameAnswer,
      source: z.string(),
      shares: z.array(z.object({ meal: z.number().int(), share_pct: z.string() })),
      rows: z.array(
        z.object({
          age_from: z.number().int(),
          age_to: z.number().int(),
          meal: z.number().int().nullable(),
          values: valuesAnswer,
        }),
      ),
    }),
  ),
});
export type NormTemplates = z.infer<typeof NormTemplates>;

const normsEndpoint = endpointsOf('norms');
const access = rolesFor('/norms');

export const NORMS_ENDPOINTS = {
  templates: normsEndpoint('templates', {
    answer: NormTemplates,
    access,
    summary:
      'Наборы норм, которые поставляются с продуктом, с актом каждого (ни один не казахстанская таблица 2025 года)',
  }),
  list: normsEndpoint('list', {
    answer: NormSets,
    access,
    summary: 'Наборы норм организации и набор, выбранный каждой школой',
  }),
  create: normsEndpoint('create', {
    body: NormSetCreate,
    answer: NormSet,
    access,
    summary:
      'Новый набор норм: суточная потребность и нормы приёмов пищи по возрастным группам, доли, допуск, источник',
    example: {
      name: 'Нормы области, 2025',
      source: 'Письмо управления здравоохранения № 12 от 01.08.2025',
      tolerance_pct: '10',
      shares: [{ meal: 3, share_pct: '35' }],
      rows: [{ age_group_id: 1, meal: null, values: { energyKcal: '2350', proteinG: '77' } }],
    },
  }),
  fromTemplate: normsEndpoint('fromTemplate', {
    body: NormTemplateBody,
    answer: NormSet,
    access,
    summary:
      'Новый набор норм из поставляемого: каждой возрастной группе организации — полоса возраста шаблона, больше всего с ней совпадающая',
    example: { template: 'sanpin-2020' },
  }),
  update: normsEndpoint('update', {
    body: NormSetUpdate,
    answer: NormSet,
    refusals: [404],
    access,
    summary: 'Изменение набора норм (версия +1; анализ называет версию)',
  }),
  versions: normsEndpoint('versions', {
    params: IdParams,
    answer: NormSetVersions,
    refusals: [404],
    access,
    summary: 'Версии набора норм, новые первыми: каждая как была сохранена, когда и кем',
  }),
  remove: normsEndpoint('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404, 409],
    access,
    summary: 'Удаление набора норм (в архив); отказ, пока его выбрала школа',
  }),
  school: normsEndpoint('school', {
    body: NormSchoolBody,
    answer: NormSets,
    refusals: [404],
    access,
    summary: 'Набор норм, по которому анализируются меню школы (null — никакой)',
    example: { school_id: 1, norm_set_id: 1 },
  }),
};

/** A set's figures as the analysis reads them: values by `group:meal:nutrient` (meal 0: the day), shares by meal. */
export interface NormTable {
  tolerancePct: number;
  shares: ReadonlyMap<number, number>;
  values: ReadonlyMap<string, number>;
}

/**
 * A meal's norm of a nutrient for an age group: the set's own figure for the meal, else the day's need ×
 * the meal's share; null when the set has neither (a meal mode that is not a meal, such as «Супы», has none).
 */
export function mealNorm(table: NormTable, ageGroupId: number, meal: number, nutrient: NormNutrient): number | null {
  if (!(NORM_MEALS as readonly number[]).includes(meal)) return null;
  const own = table.values.get(`${ageGroupId}:${meal}:${nutrient}`);
  if (own !== undefined) return own;
  const day = table.values.get(`${ageGroupId}:0:${nutrient}`);
  const share = table.shares.get(meal);
  return day !== undefined && share !== undefined ? (day * share) / 100 : null;
}

/**
 * A day's norm: the sum of the norms of the meals it serves; null when one of them has no norm for the
 * nutrient (a part of the day's need is not a norm of the day), or it serves none.
 */
export function dayNorm(
  table: NormTable,
  ageGroupId: number,
  meals: readonly number[],
  nutrient: NormNutrient,
): number | null {
  const norms = meals
    .filter((m) => (NORM_MEALS as readonly number[]).includes(m))
    .map((m) => mealNorm(table, ageGroupId, m, nutrient));
  if (!norms.length || norms.some((n) => n === null)) return null;
  return norms.reduce((sum: number, n) => sum + n!, 0);
}

export interface NormCheck {
  nutrient: NormNutrient;
  norm: number;
  value: number;
  /** value − norm, in the nutrient's unit. */
  deviation: number;
  /** The deviation in per cent of the norm; null for a norm of 0. */
  deviation_pct: number | null;
  /**
   * Within the tolerance: both ways, or for salt and sugars not over it; null when the figure lacks a
   * value or a dish's card and is not over the norm's top (it may be more: nothing sure can be said).
   */
  within: boolean | null;
}

/** Half away from zero, as a reader rounds. */
const round = (n: number, places: number) => (Math.sign(n) * Math.round(Math.abs(n) * 10 ** places)) / 10 ** places;

/**
 * A figure against its norm, rounded as a menu shows them (0.1); the deviation is of the rounded figures,
 * so that the line adds up for a reader, its per cent and whether it is within of the exact ones.
 */
export function normCheck(
  nutrient: NormNutrient,
  value: number,
  norm: number,
  tolerancePct: number,
  incomplete = false,
): NormCheck {
  const exact = value - norm;
  const allowed = (norm * tolerancePct) / 100;
  const over = exact > allowed + 1e-9;
  const within = over ? false : incomplete ? null : NORM_MAXIMA.includes(nutrient) || exact >= -allowed - 1e-9;
  const shown = { norm: round(norm, 1), value: round(value, 1) };
  return {
    nutrient,
    ...shown,
    deviation: round(shown.value - shown.norm, 1),
    deviation_pct: norm > 0 ? round((exact / norm) * 100, 1) : null,
    within,
  };
}
