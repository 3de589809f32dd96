import { ALLERGENS } from './allergens.ts';
import { IdParams } from './common.ts';
import { COOKING_METHODS } from './dish-figures.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { withKazakh } from './languages.ts';
import { NameAnswer, NamedRef } from './names.ts';
import { NORM_NUTRIENTS } from './norms.ts';
import { MenuViolation } from './menu-rules.ts';
import { NUTRIENT_CODES, type Nutrient } from './nutrients.ts';
import { rolesFor } from './routes.ts';
import { bodyId, optionalQueryId, optionalText, z } from './zod.ts';

/**
 * A dish's technological card (docs/rules.md "Technological cards and a dish's figures"): its foods
 * with gross and net weights, the cooking method, the weighed yield, the portion of each age group,
 * dated and versioned; and the figures computed from it.
 */
export const TECH_CARD_MESSAGES = withKazakh(
  {
    noCard: 'У блюда нет технологической карты на эту дату',
    grams: 'Вес — число граммов больше 0, не больше 100 000, с точностью до 0,1',
    netOverGross: 'Масса нетто не может быть больше массы брутто',
    noLines: 'Добавьте хотя бы один продукт',
    tooManyLines: 'В карте не больше 60 продуктов',
    foodNotFound: 'Продукт не найден',
    ageGroupNotFound: 'Возрастная группа не найдена',
    ageGroupTwice: 'Порция для этой возрастной группы уже указана',
    method: 'Выберите способ приготовления',
    date: 'Дата в формате ГГГГ-ММ-ДД',
    layoutDay: 'Такого дня нет в меню',
    servedVersion:
      'По действующей карте уже кормили: новая версия начинает действовать сегодня или позже, прошлые дни сохраняют свою карту',
  } as const,
  {
    noCard: 'Бұл күнге тағамның технологиялық картасы жоқ',
    grams: 'Салмағы — 0-ден үлкен, 100 000-нан аспайтын грамм саны, 0,1 дәлдікпен',
    netOverGross: 'Нетто салмағы бруттодан көп бола алмайды',
    noLines: 'Кемінде бір өнім қосыңыз',
    tooManyLines: 'Картада 60-тан көп өнім болмайды',
    foodNotFound: 'Өнім табылмады',
    ageGroupNotFound: 'Жас тобы табылмады',
    ageGroupTwice: 'Бұл жас тобына порция көрсетілген',
    method: 'Әзірлеу тәсілін таңдаңыз',
    date: 'Күн ЖЖЖЖ-АА-КК пішімінде',
    layoutDay: 'Мәзірде мұндай күн жоқ',
    servedVersion:
      'Қолданыстағы карта бойынша тамақ берілген: жаңа нұсқа бүгіннен немесе кейінірек күшіне енеді, өткен күндер өз картасын сақтайды',
  },
);
const M = TECH_CARD_MESSAGES;

/** Grams of a card: more than 0, at most 100 kg, in tenths; "12,5" is read as 12.5. */
export const grams = () =>
  z.union([z.number(), z.string().trim().max(20)], { error: M.grams }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d+([.,]\d+)?$/.test(v) ? Number(v.replace(',', '.')) : NaN;
    if (!Number.isFinite(n) || n <= 0 || n > 100_000 || Math.round(n * 10) !== n * 10) {
      ctx.addIssue({ code: 'custom', message: M.grams });
      return z.NEVER;
    }
    return n;
  });

const cardDate = () =>
  z
    .string({ error: M.date })
    .trim()
    .pipe(z.iso.date({ error: M.date }))
    .refine((v) => v >= '2020-01-01' && v <= '2100-12-31', { error: M.date });

const method = () => z.enum(COOKING_METHODS, { error: M.method });

export const TechCardLineBody = z
  .object({
    food_id: bodyId(),
    gross_g: grams(),
    /** Left out: the gross less the food's refuse. */
    net_g: grams().nullish(),
    /** Left out: the card's method. */
    method: method().nullish(),
  })
  .refine((l) => l.net_g === null || l.net_g === undefined || l.net_g <= l.gross_g, {
    path: ['net_g'],
    message: M.netOverGross,
  });

export const TechCardBody = z.object({
  /** From this day on the card is the dish's (until a later version's day). */
  valid_from: cardDate(),
  recipe_book: optionalText(255),
  recipe_number: optionalText(50),
  method: method(),
  /** The cooked dish's weight from the lines' amounts, weighed. */
  yield_g: grams(),
  technology: optionalText(4000, { lines: true }),
  lines: z
    .array(TechCardLineBody, { error: M.noLines })
    .min(1, { error: M.noLines })
    .max(60, { error: M.tooManyLines }),
  portions: z
    .array(z.object({ age_group_id: bodyId(), portion_g: grams() }))
    .max(20)
    .superRefine((portions, ctx) => {
      const seen = new Set<number>();
      portions.forEach((p, i) => {
        if (seen.has(p.age_group_id))
          ctx.addIssue({ code: 'custom', path: [i, 'age_group_id'], message: M.ageGroupTwice });
        seen.add(p.age_group_id);
      });
    }),
});
export type TechCardBody = z.infer<typeof TechCardBody>;

export const TechCardQuery = z.object({
  /** The card valid on this day; left out: today. */
  date: cardDate().optional(),
});

const Figure = z.object({ value: z.number(), missing: z.array(z.string()) });
const figureKeys = [...NUTRIENT_CODES, 'saltG'] as const;
export const Figures = z.object(
  Object.fromEntries(figureKeys.map((k) => [k, Figure])) as Record<Nutrient | 'saltG', typeof Figure>,
);

export const TechCard = z.object({
  id: z.number().int(),
  dish_id: z.number().int(),
  valid_from: z.string(),
  /** The last day before the next version, or null: valid on. */
  valid_to: z.string().nullable(),
  recipe_book: z.string().nullable(),
  recipe_number: z.string().nullable(),
  method: z.enum(COOKING_METHODS),
  yield_g: z.number(),
  technology: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  lines: z.array(
    z.object({
      food: z.object({
        id: z.number().int(),
        name: z.string(),
        ndb_no: z.string().nullable(),
        own: z.boolean(),
        refuse_pct: z.string().nullable(),
        allergens: z.array(z.enum(ALLERGENS)),
      }),
      gross_g: z.number(),
      net_g: z.number(),
      /** The line's own method, or null: the card's. */
      method: z.enum(COOKING_METHODS).nullable(),
    }),
  ),
  portions: z.array(z.object({ age_group: NamedRef, portion_g: z.number() })),
  /** The dish's allergens: its foods' and those the cook added on the dish. */
  allergens: z.array(z.enum(ALLERGENS)),
  figures: z.object({
    per_100g: Figures,
    portions: z.array(z.object({ age_group_id: z.number().int(), portion_g: z.number(), figures: Figures })),
  }),
  /**
   * What the foods cost on the card's day (docs/rules.md "Food prices and a dish's cost"), tenge: the
   * whole yield, and a portion of each age group; `missing` names the foods without a price.
   */
  cost: z.object({
    total: z.string(),
    portions: z.array(z.object({ age_group_id: z.number().int(), cost: z.string() })),
    missing: z.array(z.string()),
  }),
});
export type TechCard = z.infer<typeof TechCard>;

export const TechCardAnswer = z.object({
  dish_id: z.number().int(),
  /** The organization's today, by its time zone: the first day a new version may start. */
  today: z.string(),
  /** The card valid on the day asked, or null: none. */
  card: TechCard.nullable(),
  /** Every version, the newest first. */
  versions: z.array(z.object({ id: z.number().int(), valid_from: z.string(), created_at: z.string() })),
});
export type TechCardAnswer = z.infer<typeof TechCardAnswer>;

/** A figure against its norm (contract/src/norms.ts normCheck). */
export const NormCheckAnswer = z.object({
  nutrient: z.enum(NORM_NUTRIENTS),
  norm: z.number(),
  value: z.number(),
  deviation: z.number(),
  deviation_pct: z.number().nullable(),
  /** Null: the figure lacks a value or a card and is not over the norm, so nothing sure can be said. */
  within: z.boolean().nullable(),
});

/**
 * Figures of one age group: each nutrient's sum, and what it lacks (foods without a value, dishes without
 * a card or portion); and each against its norm where the set has one.
 */
const GroupFigures = z.object({
  age_group_id: z.number().int(),
  figures: Figures,
  checks: z.array(NormCheckAnswer),
});

/** `GET /api/menu/:id/figures`: the cards of a day, against a set (left out: the school's, docs/rules.md). */
export const MenuFiguresQuery = TechCardQuery.extend({
  norm_set_id: optionalQueryId(),
  /** The food category whose daily cost a day is held against; left out: the first social wallet's. */
  food_category_id: optionalQueryId(),
});

/**
 * What a day's portions of an age group cost by the foods' prices on the figures' date, tenge; `missing`
 * names the dishes without a card or portion and the foods without a price; `over`: above the tariff
 * (true even when incomplete: more would only add), within (false), or null: incomplete and not above,
 * or no tariff.
 */
export const DayCost = z.object({
  age_group_id: z.number().int(),
  cost: z.string(),
  missing: z.array(z.string()),
  /** The cost of the meals the tariff pays for (`tariff.meals`; the whole day's when it names none). */
  paid: z.string(),
  /** Judged on `paid`, with what it lacks. */
  over: z.boolean().nullable(),
});

/**
 * `GET /api/menu/:id/figures`: the menu's dishes summed by day and meal mode for each age group, from
 * the cards valid on `date` (today by default): per meal, per day and the cycle's average day.
 */
export const MenuFigures = z.object({
  menu_id: z.number().int(),
  date: z.string(),
  /** The norm set the checks are against, its version and act; null: none (the organization has no set). */
  norm_set: z
    .object({
      id: z.number().int(),
      ...NameAnswer,
      source: z.string(),
      kazakh_2025: z.boolean(),
      tolerance_pct: z.string(),
      version: z.number().int(),
      updated_at: z.string(),
    })
    .nullable(),
  age_groups: z.array(NamedRef),
  days: z.array(
    z.object({
      day: z.number().int(),
      meals: z.array(
        z.object({
          group: z.number().int(),
          /**
           * In the order served; `portions`: each age group's portion on its card (none without one);
           * `allergens`: the dish's own and its card's foods'.
           */
          dishes: z.array(
            z.object({
              id: z.number().int(),
              name: z.string(),
              card: z.boolean(),
              portions: z.array(z.object({ age_group_id: z.number().int(), portion_g: z.number() })),
              allergens: z.array(z.enum(ALLERGENS)),
            }),
          ),
          figures: z.array(GroupFigures),
        }),
      ),
      figures: z.array(GroupFigures),
      /** Each age group's cost of the day (ours), against `tariff`. */
      cost: z.array(DayCost),
    }),
  ),
  /** The food category whose daily cost («тариф») the days are held against, or null: none. */
  tariff: z
    .object({
      id: z.number().int(),
      ...NameAnswer,
      cost: z.string(),
      /**
       * The menu's meals (meal modes) the category pays for, by the meal times it names; null: the whole
       * day (it names none, or a meal time of it says no meal of the menu).
       */
      meals: z.array(z.number().int()).nullable(),
    })
    .nullable(),
  /** The average of the days that have dishes. */
  average: z.array(GroupFigures),
  /** What breaks the organization's menu rules (contract/src/menu-rules.ts), by day, a week's rule by week. */
  violations: z.array(MenuViolation),
  /** Dishes of the menu without a card on the day: their figures are not counted, and say so. */
  without_card: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type MenuFigures = z.infer<typeof MenuFigures>;

/** `GET /api/menu/:id/layout`: a day of the menu by the cards valid on `date` (today by default). */
export const MenuLayoutQuery = TechCardQuery.extend({
  day: z.coerce
    .number({ error: M.layoutDay })
    .int({ error: M.layoutDay })
    .min(1, { error: M.layoutDay })
    .max(366, { error: M.layoutDay }),
});
export type MenuLayoutQuery = z.infer<typeof MenuLayoutQuery>;

/**
 * The меню-раскладка of a day (docs/rules.md "The kitchen's layout"): each meal's dishes in the order
 * served, each with its card's foods for the yield (gross and net, grams) and each age group's portion;
 * a dish without a card has no lines. The screen multiplies by the portions to cook.
 */
export const MenuLayout = z.object({
  menu_id: z.number().int(),
  day: z.number().int(),
  date: z.string(),
  age_groups: z.array(NamedRef),
  meals: z.array(
    z.object({
      group: z.number().int(),
      dishes: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          card: z.boolean(),
          yield_g: z.number().nullable(),
          portions: z.array(z.object({ age_group_id: z.number().int(), portion_g: z.number() })),
          lines: z.array(
            z.object({ food_id: z.number().int(), food: z.string(), gross_g: z.number(), net_g: z.number() }),
          ),
        }),
      ),
    }),
  ),
});
export type MenuLayout = z.infer<typeof MenuLayout>;

export const MENU_FIGURES_MESSAGES = withKazakh(
  {
    noCard: (dish: string) => `«${dish}» — нет технологической карты`,
    noPortion: (dish: string) => `«${dish}» — нет порции для этой группы`,
    noPrice: (food: string) => `нет цены: ${food}`,
    menuNotFound: 'Меню не найдено',
    categoryNotFound: 'Категория питания не найдена',
  } as const,
  {
    noCard: (dish: string) => `«${dish}» — технологиялық карта жоқ`,
    noPortion: (dish: string) => `«${dish}» — бұл топқа порция жоқ`,
    noPrice: (food: string) => `бағасы жоқ: ${food}`,
    menuNotFound: 'Мәзір табылмады',
    categoryNotFound: 'Тамақтану санаты табылмады',
  },
);

const techCardsEndpoint = endpointsOf('tech-cards');
const access = rolesFor('/products/:categoryId');

export const TECH_CARDS_ENDPOINTS = {
  get: techCardsEndpoint('get', {
    params: IdParams,
    query: TechCardQuery,
    answer: TechCardAnswer,
    refusals: [404],
    access,
    summary: 'Технологическая карта блюда на дату (по умолчанию сегодня), её расчёт и все версии',
  }),
  menu: techCardsEndpoint('menu', {
    params: IdParams,
    query: MenuFiguresQuery,
    answer: MenuFigures,
    refusals: [404],
    access: rolesFor('/menu/:id'),
    summary:
      'Пищевая ценность меню: суммы по дням и приёмам пищи для каждой возрастной группы и средний день цикла, по картам на дату',
  }),
  layout: techCardsEndpoint('layout', {
    params: IdParams,
    query: MenuLayoutQuery,
    answer: MenuLayout,
    refusals: [404],
    access: rolesFor('/menu/:id'),
    summary: 'Меню-раскладка дня: продукты каждого блюда на выход и порции возрастных групп, по картам на дату',
  }),
  save: techCardsEndpoint('save', {
    params: IdParams,
    body: TechCardBody,
    answer: TechCardAnswer,
    refusals: [404],
    access,
    summary:
      'Новая версия технологической карты с даты valid_from (та же дата заменяет версию этой даты); прошедшие дни сохраняют карту, по которой кормили',
    example: {
      valid_from: '2026-09-01',
      recipe_book: 'Сборник технологических карт, 2016',
      recipe_number: '254',
      method: 'boiling',
      yield_g: 1000,
      lines: [{ food_id: 1, gross_g: 500 }],
      portions: [],
    },
  }),
};
