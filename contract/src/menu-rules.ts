import { endpointsOf } from './endpoint-kit.ts';
import { withKazakh } from './languages.ts';
import { rolesFor } from './routes.ts';
import { z } from './zod.ts';

/**
 * A menu's rules (docs/rules.md "The menu's rules"): what the 2025 standard asks of a menu beyond the
 * norms, as the organization's data, each switchable: foods and dishes it excludes, a dish not again
 * within N school days, a ready dish's salt and added sugar per 100 g, no fried dish, and weekly rules such as
 * horse meat twice a week. The shipped values are the standard's as reported (../NUTRITION.md).
 */

const word = z.string().trim().min(2).max(60);
const words = z.array(word).max(100);
const limit = z.union([z.number(), z.string().trim().max(10)]).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0 || Number(text) > 100) {
    ctx.addIssue({ code: 'custom', message: MENU_RULE_MESSAGES.limit });
    return z.NEVER;
  }
  return text;
});

export const MenuRules = z.object({
  repeat: z.object({
    enabled: z.boolean(),
    /** A dish may not come again within this many school days of the cycle. */
    days: z.number().int().min(1).max(20),
    /** Dishes served every day by design (bread, tea): a name holding one of these words is not counted. */
    exempt: words,
  }),
  salt: z.object({ enabled: z.boolean(), limit_g: limit }),
  sugar: z.object({ enabled: z.boolean(), limit_g: limit }),
  /** A dish whose card is cooked by frying. */
  fried: z.object({ enabled: z.boolean() }),
  /** Words of a dish's name or of its card's foods' names (Russian, Kazakh, English) the standard excludes. */
  excluded: z.object({ enabled: z.boolean(), words }),
  weekly: z
    .array(
      z.object({
        enabled: z.boolean(),
        name: z.string().trim().min(1).max(100),
        words: words.min(1),
        /** At least this many days of each week of five school days serve it. */
        times: z.number().int().min(1).max(5),
      }),
    )
    .max(10),
});
export type MenuRules = z.infer<typeof MenuRules>;
export type MenuRulesInput = z.input<typeof MenuRules>;

export const MenuRulesAnswer = MenuRules.extend({
  salt: z.object({ enabled: z.boolean(), limit_g: z.string() }),
  sugar: z.object({ enabled: z.boolean(), limit_g: z.string() }),
  /** Who changed them last and when; null: the shipped ones. */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type MenuRulesAnswer = z.infer<typeof MenuRulesAnswer>;

/** The standard's rules as reported: the words are stems, so that «гриб» finds «Суп грибной». */
export const MENU_RULE_DEFAULTS: MenuRules = {
  repeat: { enabled: true, days: 2, exempt: ['хлеб', 'нан', 'чай', 'шай', 'bread', 'tea'] },
  salt: { enabled: true, limit_g: '0.3' },
  sugar: { enabled: true, limit_g: '5' },
  fried: { enabled: true },
  excluded: {
    enabled: true,
    words: [
      'окрошк',
      'глазунь',
      'гриб',
      'саңырауқұлақ',
      'mushroom',
      'колбас',
      'сосиск',
      'сардельк',
      'шұжық',
      'sausage',
      'frankfurter',
      'копчен',
      'ысталған',
      'smoked',
      'фастфуд',
      'гамбургер',
      'хот-дог',
      'чипс',
      'спред',
      'кофе',
      'coffee',
      'газирован',
      'carbonated',
      'энергетическ',
      'жевательн',
      'кремов',
      'острый соус',
    ],
  },
  weekly: [{ enabled: false, name: 'Конина', words: ['конин', 'жылқы', 'horse'], times: 2 }],
};

export const MENU_RULE_MESSAGES = withKazakh(
  {
    limit: 'Предел — число граммов больше 0 и не больше 100, до двух знаков после запятой',
    repeat: (dish: string, from: number, to: number, days: number) =>
      `«${dish}» снова в день ${to} после дня ${from}: не раньше чем через ${days} дн.`,
    salt: (dish: string, value: string, limit: string) => `«${dish}»: соли ${value} г на 100 г, больше ${limit} г`,
    sugar: (dish: string, value: string, limit: string) =>
      `«${dish}»: добавленного сахара ${value} г на 100 г, больше ${limit} г`,
    fried: (dish: string) => `«${dish}»: жареное блюдо (способ приготовления в карте — жарка)`,
    excluded: (dish: string, what: string) => `«${dish}»: исключено стандартом («${what}»)`,
    weekly: (name: string, week: number, days: number, times: number) =>
      `${name}: неделя ${week} — ${days} дн. из нужных ${times}`,
  } as const,
  {
    limit: 'Шегі — 0-ден үлкен, 100-ден аспайтын грамм саны, үтірден кейін екі таңбаға дейін',
    repeat: (dish: string, from: number, to: number, days: number) =>
      `«${dish}» ${from}-күннен кейін ${to}-күні қайтадан: ${days} күннен ерте емес`,
    salt: (dish: string, value: string, limit: string) => `«${dish}»: 100 г-да ${value} г тұз, ${limit} г-нан артық`,
    sugar: (dish: string, value: string, limit: string) =>
      `«${dish}»: 100 г-да ${value} г қосылған қант, ${limit} г-нан артық`,
    fried: (dish: string) => `«${dish}»: қуырылған тағам (картадағы әзірлеу тәсілі — қуыру)`,
    excluded: (dish: string, what: string) => `«${dish}»: стандартпен алынып тасталған («${what}»)`,
    weekly: (name: string, week: number, days: number, times: number) =>
      `${name}: ${week}-апта — қажетті ${times} күннің ${days} күні`,
  },
);
const M = MENU_RULE_MESSAGES;

export const MENU_RULE_KINDS = ['repeat', 'salt', 'sugar', 'fried', 'excluded', 'weekly'] as const;
export type MenuRuleKind = (typeof MENU_RULE_KINDS)[number];

export const MenuViolation = z.object({
  rule: z.enum(MENU_RULE_KINDS),
  /** The day of the cycle, or null for a week's rule. */
  day: z.number().int().nullable(),
  /** The week (five school days) of a weekly rule, else null. */
  week: z.number().int().nullable(),
  dish_id: z.number().int().nullable(),
  text: z.string(),
});
export type MenuViolation = z.infer<typeof MenuViolation>;

/** A dish of a menu day as the rules read it. */
export interface RuleDish {
  id: number;
  name: string;
  /** The dish's names and its card's foods' names, in any language. */
  names: string[];
  /** Salt and added sugars (the sugars of its sweeteners) per 100 g of the ready dish from its card; null without a card. */
  per100g: { saltG: number; addedSugarsG: number } | null;
  /** The card's method is frying. */
  fried: boolean;
}

const normal = (s: string) => s.toLowerCase().replaceAll('ё', 'е');
const holds = (names: string[], list: string[]) => {
  const texts = names.map(normal);
  return list.find((w) => texts.some((t) => t.includes(normal(w)))) ?? null;
};
const decimal = (n: number) => (Math.round(n * 100) / 100).toString().replace('.', ',');

/** The days of a cycle (1…`days`, each with its dishes) against the rules. */
export function menuViolations(
  days: { day: number; dishes: RuleDish[] }[],
  cycle: number,
  rules: MenuRules,
): MenuViolation[] {
  const out: MenuViolation[] = [];
  const push = (
    rule: MenuRuleKind,
    day: number | null,
    dishId: number | null,
    text: string,
    week: number | null = null,
  ) => out.push({ rule, day, week, dish_id: dishId, text });
  for (const { day, dishes } of days) {
    for (const dish of dishes) {
      if (rules.excluded.enabled) {
        const what = holds(dish.names, rules.excluded.words);
        if (what) push('excluded', day, dish.id, M.excluded(dish.name, what));
      }
      if (rules.fried.enabled && dish.fried) push('fried', day, dish.id, M.fried(dish.name));
      if (dish.per100g && rules.salt.enabled && dish.per100g.saltG > Number(rules.salt.limit_g))
        push(
          'salt',
          day,
          dish.id,
          M.salt(dish.name, decimal(dish.per100g.saltG), rules.salt.limit_g.replace('.', ',')),
        );
      if (dish.per100g && rules.sugar.enabled && dish.per100g.addedSugarsG > Number(rules.sugar.limit_g))
        push(
          'sugar',
          day,
          dish.id,
          M.sugar(dish.name, decimal(dish.per100g.addedSugarsG), rules.sugar.limit_g.replace('.', ',')),
        );
    }
  }
  if (rules.repeat.enabled) {
    // Each dish's days, the cycle going round: the last day's dish is followed by the first day's.
    const daysOf = new Map<number, { dish: RuleDish; days: number[] }>();
    for (const { day, dishes } of days)
      for (const dish of dishes) {
        const entry = daysOf.get(dish.id) ?? daysOf.set(dish.id, { dish, days: [] }).get(dish.id)!;
        if (!entry.days.includes(day)) entry.days.push(day);
      }
    for (const { dish, days: served } of daysOf.values()) {
      if (served.length < 2 || holds([dish.name], rules.repeat.exempt)) continue;
      const sorted = [...served].sort((a, b) => a - b);
      sorted.forEach((day, i) => {
        const next = sorted[i + 1] ?? sorted[0]! + cycle;
        if (next - day <= rules.repeat.days) {
          const to = ((next - 1) % cycle) + 1;
          push('repeat', to, dish.id, M.repeat(dish.name, day, to, rules.repeat.days));
        }
      });
    }
  }
  for (const rule of rules.weekly.filter((r) => r.enabled)) {
    for (let week = 1; week * 5 <= cycle; week++) {
      const served = days.filter(
        (d) => d.day > (week - 1) * 5 && d.day <= week * 5 && d.dishes.some((dish) => holds(dish.names, rule.words)),
      ).length;
      if (served < rule.times) push('weekly', null, null, M.weekly(rule.name, week, served, rule.times), week);
    }
  }
  return out.sort((a, b) => (a.day ?? 0) - (b.day ?? 0) || (a.week ?? 0) - (b.week ?? 0));
}

const rulesEndpoint = endpointsOf('menu-rules');
const access = rolesFor('/norms');

export const MENU_RULES_ENDPOINTS = {
  get: rulesEndpoint('get', {
    answer: MenuRulesAnswer,
    access,
    summary: 'Правила меню организации (или поставляемые, если она их не меняла)',
  }),
  save: rulesEndpoint('save', {
    body: MenuRules,
    answer: MenuRulesAnswer,
    access,
    summary:
      'Правила меню: исключённые продукты и блюда, повтор блюда, соль и сахара на 100 г, жареное, недельные правила',
    example: MENU_RULE_DEFAULTS,
  }),
};
