import { withKazakh } from './languages.ts';
import { catalogueEndpoints } from './catalogue-kit.ts';
import { listOf, Paging } from './common.ts';
import { bodyId, msg, optionalQueryId, z } from './zod.ts';
import { nameBody, NameAnswer, someName } from './names.ts';

/**
 * Food categories of a school organization (docs/product.md "Food categories", docs/domain.md): the daily cost in
 * tenge and the type, `sw` (the state social wallet) or `common`.
 */
export const FOOD_CATEGORY_TYPES = ['sw', 'common'] as const;
export const FoodCategoryType = z.enum(FOOD_CATEGORY_TYPES);
export type FoodCategoryType = z.infer<typeof FoodCategoryType>;

export const FoodCategory = z.object({
  id: z.number().int(),
  ...NameAnswer,
  /** Exact, two decimals: "650.00". */
  cost: z.string(),
  type: FoodCategoryType,
  /** The meal times it pays for (ids of the organization's meal times); null: every meal. */
  meals: z.array(z.number().int()).nullable(),
  created_at: z.string(),
});
export type FoodCategory = z.infer<typeof FoodCategory>;

export const FoodCategoryListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  organizationId: optionalQueryId(),
});
export type FoodCategoryListQuery = z.infer<typeof FoodCategoryListQuery>;
export const FoodCategoryList = listOf(FoodCategory);
export type FoodCategoryList = z.infer<typeof FoodCategoryList>;

export const COST_MAX = 1_000_000;

export const FOOD_CATEGORY_MESSAGES = withKazakh(
  {
    notFound: 'Категория питания не найдена',
    cost: 'Введите сумму в тенге: не больше двух знаков после запятой',
    costNotNumber: 'Введите число: сумму в тенге, например 450,50',
    costNegative: 'Стоимость не может быть отрицательной',
    costTooBig: 'Стоимость не больше 1 000 000 тг.',
    type: 'Выберите тип категории',
    assigned: (n: number) => `Категория назначена ученикам: ${n}`,
    meals: 'Выберите время питания из списка организации',
    mealNotPaid: (category: string, meal: string) =>
      `Категория «${category}» не включает «${meal}»: питание не положено`,
  } as const,
  {
    notFound: 'Тамақтану санаты табылмады',
    cost: 'Соманы теңгемен енгізіңіз: үтірден кейін екі таңбадан аспайды',
    costNotNumber: 'Сан енгізіңіз: теңгемен сома, мысалы 450,50',
    costNegative: 'Құны теріс бола алмайды',
    costTooBig: 'Құны 1 000 000 тг.-ден аспайды',
    type: 'Санат түрін таңдаңыз',
    assigned: (n: number) => `Санат оқушыларға тағайындалған: ${n}`,
    meals: 'Ұйымның тізімінен тамақтану уақытын таңдаңыз',
    mealNotPaid: (category: string, meal: string) => `«${category}» санатына «${meal}» кірмейді: тамақ берілмейді`,
  },
);

const M = FOOD_CATEGORY_MESSAGES;

/**
 * Tenge with at most 2 decimals, from a number or a numeric string ("650", "650.5", "650,50"), as
 * an exact decimal string with 2 decimals, or an error message. Never goes through float arithmetic:
 * a number is read by its shortest decimal form, so 0.1 + 0.2 (0.30000000000000004) is refused.
 */
export function parseCost(input: number | string): { cost: string } | { error: string } {
  if (typeof input === 'number' && !Number.isFinite(input)) return { error: M.costNotNumber };
  if (typeof input === 'number' && input > COST_MAX) return { error: M.costTooBig };
  // Thousands may be set apart by spaces, as a school writes them: «1 000», «12 500,50».
  const typed = (typeof input === 'number' ? String(input) : input).trim().replace(',', '.');
  const text = /^\d{1,3}([ \u00a0\u202f]\d{3})+(\.\d*)?$/.test(typed) ? typed.replace(/[ \u00a0\u202f]/g, '') : typed;
  if (/^-\s*\d/.test(text)) return { error: M.costNegative };
  const match = /^(\d{1,16})(?:\.(\d{0,2}))?$/.exec(text);
  // Digits with more decimals than tiyn have is a number said too exactly; anything else is no number.
  if (!match) return { error: /^\d+\.\d+$/.test(text) ? M.cost : M.costNotNumber };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  if (whole.length > 7 || (Number(whole) === COST_MAX && cents !== '00') || Number(whole) > COST_MAX) {
    return { error: M.costTooBig };
  }
  return { cost: `${whole}.${cents}` };
}

export const cost = () =>
  z
    .union([z.number(), z.string().max(40)], {
      error: (iss) => (iss.input === undefined || iss.input === null ? msg.required : M.costNotNumber),
    })
    .transform((input, ctx) => {
      if (typeof input === 'string' && input.trim() === '') {
        ctx.addIssue({ code: 'custom', message: msg.required });
        return z.NEVER;
      }
      const parsed = parseCost(input);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.cost;
    });

const fields = {
  /** The Russian name and the Kazakh one: at least one on a create (see names.ts). */
  ...nameBody(255),
  cost: cost(),
};
const type = () => z.enum(FOOD_CATEGORY_TYPES, { error: M.type }).nullish();
/** The meal times paid: absent keeps what is (every meal on a create), null or [] means every meal. */
const mealId = z.number().int().positive().max(2_147_483_647);
const meals = () =>
  z
    .array(z.unknown(), { error: M.meals })
    .max(20, { error: M.meals })
    .nullish()
    // A bad element is the field's error, not its index's: the form shows it under the field.
    .refine((v) => !v || v.every((x) => mealId.safeParse(x).success), { error: M.meals })
    .transform((v) =>
      v === undefined
        ? undefined
        : v === null || v.length === 0
          ? null
          : [...new Set(v as number[])].sort((a, b) => a - b),
    );

/** Type absent or null: 'common'. */
export const FoodCategoryCreate = z
  .object({
    ...fields,
    type: type().transform((v) => v ?? 'common'),
    meals: meals().transform((v) => v ?? null),
  })
  .refine(...someName);
export type FoodCategoryCreate = z.infer<typeof FoodCategoryCreate>;

/**
 * Type absent or null: unchanged. The spec's own client sends `{id, name, cost}` only, and must not
 * turn a social-wallet category into a common one (and reset its pupils) by saving a new price.
 */
export const FoodCategoryUpdate = z.object({ ...fields, type: type(), meals: meals(), id: bodyId() });
export type FoodCategoryUpdate = z.infer<typeof FoodCategoryUpdate>;

export const FOOD_CATEGORIES_ENDPOINTS = catalogueEndpoints('food-categories', {
  row: FoodCategory,
  query: FoodCategoryListQuery,
  create: FoodCategoryCreate,
  update: FoodCategoryUpdate,
  summaries: {
    list: 'Категории питания: стоимость в день (тг.) и тип (sw — социальный кошелёк)',
    get: 'Категория питания',
    create: 'Новая категория питания: cost — число или строка, не больше 2 знаков после запятой',
    update: 'Изменение категории питания; смена типа переносит даты социального кошелька учеников',
    remove: 'Удаление категории питания (в архив); отказ 409, пока она назначена ученикам',
  },
  removalConflicts: true,
  example: { name: 'Бесплатное питание', cost: '650.50', type: 'common' },
});
