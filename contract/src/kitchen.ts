import { ALLERGENS } from './allergens.ts';
import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { DAY_KINDS } from './calendar.ts';
import { NameAnswer, NamedRef } from './names.ts';
import { bodyId, id, z } from './zod.ts';

/**
 * The kitchen's count (docs/rules.md "The kitchen's count"): per class and food category, how many
 * portions a school's day is due: pupils with a food category (a social wallet one within its
 * dates), not marked away, on a day the school works. The number the kitchen cooks to.
 */
export const KITCHEN_MESSAGES = withKazakh(
  {
    schoolNotFound: 'Школа не найдена',
    date: 'Укажите дату в виде ДД.ММ.ГГГГ',
    rule: 'Выберите правило: предупреждать или не отмечать питание',
  } as const,
  {
    schoolNotFound: 'Мектеп табылмады',
    date: 'Күнді КК.АА.ЖЖЖЖ түрінде көрсетіңіз',
    rule: 'Ережені таңдаңыз: ескерту немесе тамақты белгілемеу',
  },
);
const M = KITCHEN_MESSAGES;

export const KitchenQuery = z.object({
  schoolId: id(),
  date: z
    .string({ error: M.date })
    .trim()
    .pipe(z.iso.date({ error: M.date }))
    .refine((v) => v >= '2020-01-01' && v <= '2100-12-31', { error: M.date }),
});
export type KitchenQuery = z.infer<typeof KitchenQuery>;

/**
 * What the queue does when a pupil's restrictions meet a dish of the day (docs/rules.md "Restrictions
 * and allergens"): records the meal and warns, or refuses it.
 */
export const RESTRICTED_MEAL_RULES = ['warn', 'refuse'] as const;
export type RestrictedMealRule = (typeof RESTRICTED_MEAL_RULES)[number];

/** `PUT /api/kitchen/restricted-rule` (ours): the school's rule at the queue. */
export const RestrictedMealRuleBody = z.object({
  schoolId: bodyId(),
  rule: z.enum(RESTRICTED_MEAL_RULES, { error: M.rule }),
});
export type RestrictedMealRuleBody = z.infer<typeof RestrictedMealRuleBody>;
export const RestrictedMealRuleAnswer = z.object({ schoolId: z.number().int(), rule: z.enum(RESTRICTED_MEAL_RULES) });
export type RestrictedMealRuleAnswer = z.infer<typeof RestrictedMealRuleAnswer>;

const counts = {
  /** Live pupils of the class. */
  pupils: z.number().int(),
  /** Of them, those whose food category feeds them that day. */
  entitled: z.number().int(),
  /** Of the entitled, those marked away. */
  absent: z.number().int(),
  /** Portions to cook: entitled and not away. */
  due: z.number().int(),
};

export const KitchenCount = z.object({
  school: NamedRef,
  date: z.string(),
  day: z.object({ kind: z.enum(DAY_KINDS), name: z.string().nullable(), name_kk: z.string().nullable() }),
  /** The food categories counted, in name order: the columns of the page. */
  categories: z.array(z.object({ id: z.number().int(), ...NameAnswer, type: z.enum(['sw', 'common']) })),
  /** The organization's meal times in the day's order (none: one meal a day). */
  /** The school's meal times; `shift`: the shift whose classes eat then (null: every class). */
  meals: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      time_start: z.string(),
      shift: z.union([z.literal(1), z.literal(2)]).nullable(),
    }),
  ),
  classes: z.array(
    z.object({
      id: z.number().int(),
      ...NameAnswer,
      /** The class's shift (1 or 2). */
      shift: z.number().int(),
      ...counts,
      /** Portions due by category id. */
      by_category: z.record(z.string(), z.number().int()),
      /** Portions due by meal time id: the due pupils whose category pays that meal. */
      by_meal: z.record(z.string(), z.number().int()),
    }),
  ),
  totals: z.object({
    ...counts,
    by_category: z.record(z.string(), z.number().int()),
    by_meal: z.record(z.string(), z.number().int()),
  }),
  /** The next day the school works, for the count of tomorrow. */
  next_working_day: z.string().nullable(),
  /** The free menu's day served that date (null: none applies), whose dishes the restrictions are read against. */
  menu: z.object({ ...NamedRef.shape, day: z.number().int() }).nullable(),
  /** What the queue does for those pupils: records the meal and warns, or refuses it. */
  restricted_rule: z.enum(RESTRICTED_MEAL_RULES),
  /**
   * The pupils due a meal that day whose restrictions that day's dishes meet (docs/rules.md
   * "Restrictions and allergens"), by class and name: the allergens met and the dishes holding them.
   */
  restricted: z.array(
    z.object({
      classroom: NamedRef,
      pupil: z.object({ id: z.number().int(), name: z.string() }),
      allergens: z.array(z.enum(ALLERGENS)),
      dishes: z.array(z.object({ id: z.number().int(), ...NameAnswer })),
      note: z.string().nullable(),
      confirmed: z.boolean(),
    }),
  ),
});
export type KitchenCount = z.infer<typeof KitchenCount>;

export const KITCHEN_ENDPOINTS = {
  count: endpointsOf('kitchen')('count', {
    query: KitchenQuery,
    answer: KitchenCount,
    refusals: [404],
    access: rolesFor('/kitchen'),
    summary: 'Сколько порций готовить: по классам и категориям питания, без отсутствующих, в рабочий день школы',
  }),
  restrictedRule: endpointsOf('kitchen')('restrictedRule', {
    body: RestrictedMealRuleBody,
    answer: RestrictedMealRuleAnswer,
    refusals: [404],
    access: rolesFor('/kitchen'),
    summary: 'Правило школы на раздаче, когда блюдо дня нельзя ребёнку: предупреждать или не отмечать питание',
  }),
};
