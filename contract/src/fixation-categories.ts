import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { IdParams, listOf, Ok, Paging } from './common.ts';
import type { Role } from './roles.ts';
import { rolesFor } from './routes.ts';
import { bodyId, msg, optionalQueryId, requiredText, z } from './zod.ts';

/**
 * Meal-time windows of an organization (docs/product.md "Meal times"): a scan falls into exactly one. A
 * company's canteens and a school's or kindergarten's meals (breakfast, lunch, snack) alike.
 */
export const FixationCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  /** 'HH:mm' in the organization's time zone. */
  time_start: z.string(),
  time_finish: z.string(),
  /** A school's own meal time; null: every school of the organization. */
  school_id: z.number().int().nullable(),
  /** The shift whose classes eat then (1 or 2); null: every class. */
  shift: z.union([z.literal(1), z.literal(2)]).nullable(),
  /**
   * The menu's meal this meal time serves (1 breakfast, 2 second breakfast, 3 lunch, 4 snack, 5 dinner,
   * 6 second dinner); null: not said. A food category that pays for meal times is held against the
   * menu's dishes of their meals (docs/rules.md "A day's cost").
   */
  meal_mode: z.number().int().nullable(),
  created_at: z.string(),
});
export type FixationCategory = z.infer<typeof FixationCategory>;

export const FixationCategoryListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  organizationId: optionalQueryId(),
});
export type FixationCategoryListQuery = z.infer<typeof FixationCategoryListQuery>;
export const FixationCategoryList = listOf(FixationCategory);
/** The scanning screen of a school asks for that school's meal times (and the organization's common ones). */
export const CurrentFixationCategoriesQuery = z.object({ schoolId: optionalQueryId() });
export type CurrentFixationCategoriesQuery = z.infer<typeof CurrentFixationCategoriesQuery>;
export type FixationCategoryList = z.infer<typeof FixationCategoryList>;
export const CurrentFixationCategories = z.array(FixationCategory);

/** A school's or kindergarten's meals lie within this day (a scan at 20:17 is no meal). */
export const SCHOOL_MEALS_FROM = '05:00';
export const SCHOOL_MEALS_UNTIL = '23:00';

export const POSITION_MIN = 0;
export const POSITION_MAX = 100;
export const POSITION_DEFAULT = 99;

export const FIXATION_CATEGORY_MESSAGES = withKazakh(
  {
    notFound: 'Категория не найдена',
    position: `Позиция — целое число от ${POSITION_MIN} до ${POSITION_MAX}`,
    time: 'Укажите время в формате ЧЧ:ММ',
    finishBeforeStart: 'Время окончания должно быть позже времени начала',
    overlaps: (name: string) => `Время пересекается с категорией «${name}»`,
    schoolDay: `Время питания в школе и детском саду — с ${SCHOOL_MEALS_FROM} до ${SCHOOL_MEALS_UNTIL}`,
    shift: 'Смена — 1 или 2',
    schoolNotFound: 'Школа не найдена',
    schoolsOnly: 'Школа и смена указываются только для времени питания школ и детских садов',
    mealMode: 'Приём пищи меню — завтрак, второй завтрак, обед, полдник, ужин или второй ужин',
  } as const,
  {
    notFound: 'Санат табылмады',
    position: `Орны — ${POSITION_MIN}-ден ${POSITION_MAX}-ге дейінгі бүтін сан`,
    time: 'Уақытты СС:ММ пішімінде көрсетіңіз',
    finishBeforeStart: 'Аяқталу уақыты басталу уақытынан кейін болуы керек',
    overlaps: (name: string) => `Уақыт «${name}» санатымен қиылысады`,
    schoolDay: `Мектеп пен балабақшада тамақтану уақыты — ${SCHOOL_MEALS_FROM} мен ${SCHOOL_MEALS_UNTIL} аралығы`,
    shift: 'Ауысым — 1 немесе 2',
    schoolNotFound: 'Мектеп табылмады',
    schoolsOnly: 'Мектеп пен ауысым тек мектептер мен балабақшалардың тамақтану уақытына көрсетіледі',
    mealMode: 'Мәзірдегі тамақтану — таңғы ас, екінші таңғы ас, түскі ас, бесін ас, кешкі ас немесе екінші кешкі ас',
  },
);

const M = FIXATION_CATEGORY_MESSAGES;

/** 'H:mm', 'HH:mm' or 'HH:mm:ss' in, 'HH:mm' out (seconds are not part of a meal window). */
export const timeOfDay = () =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? msg.required : M.time) })
    .trim()
    .min(1, { error: msg.required })
    .regex(/^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: M.time })
    .transform((v) => v.padStart(v.indexOf(':') === 1 ? v.length + 1 : v.length, '0').slice(0, 5));

/** A position as sent: absent or null is decided by the call (create: 99; update: unchanged). */
const positionField = () =>
  z
    .number({ error: M.position })
    .int({ error: M.position })
    .min(POSITION_MIN, { error: M.position })
    .max(POSITION_MAX, { error: M.position })
    .nullish();

/** A shift as sent: 1 or 2; absent or null is decided by the call (create: every class; update: unchanged). */
const shiftField = () => z.union([z.literal(1), z.literal(2)], { error: M.shift }).nullish();

/** The menu's meals a meal time may serve: the menu's meal modes 1–6. */
export const MEAL_TIME_MODES = [1, 2, 3, 4, 5, 6] as const;

/** A meal mode as sent: absent keeps it (update) or none (create); null: none. */
const mealModeField = () =>
  z
    .number({ error: M.mealMode })
    .int({ error: M.mealMode })
    .refine((v) => (MEAL_TIME_MODES as readonly number[]).includes(v), { error: M.mealMode })
    .nullish();

const fields = {
  name: requiredText(255),
  time_start: timeOfDay(),
  time_finish: timeOfDay(),
  /** Absent on update: unchanged; null: every school. */
  school_id: bodyId().nullish(),
  shift: shiftField(),
  meal_mode: mealModeField(),
};

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Compared only once both times are well-formed: a bad one has its own message already. */
const finishAfterStart = (v: { time_start: string; time_finish: string }) =>
  !HH_MM.test(v.time_start) || !HH_MM.test(v.time_finish) || v.time_start < v.time_finish;
const finishRule = { path: ['time_finish'], error: M.finishBeforeStart };

/** Position absent or null: 99 (docs/product.md "Entities"). */
export const FixationCategoryCreate = z
  .object({ ...fields, position: positionField().transform((v) => v ?? POSITION_DEFAULT) })
  .refine(finishAfterStart, finishRule);
export type FixationCategoryCreate = z.infer<typeof FixationCategoryCreate>;

/** Position absent or null: the category keeps its own. */
export const FixationCategoryUpdate = z
  .object({ ...fields, position: positionField(), id: bodyId() })
  .refine(finishAfterStart, finishRule);
export type FixationCategoryUpdate = z.infer<typeof FixationCategoryUpdate>;

/** The list is read by the admin's screens and by the reports' filters (the economist's too). */
export const FIXATION_CATEGORY_LIST_ROLES: readonly Role[] = [
  ...new Set([
    ...rolesFor('/fixation/categories'),
    ...rolesFor('/report/fixations'),
    // A school's meal times: the school reports filter by them, the food category form picks them.
    ...rolesFor('/report/school/fixations'),
    ...rolesFor('/food/category/:id'),
    // The school's scanning screen says the meal now, where the organization has meal times.
    ...rolesFor('/school/fixation'),
  ]),
];

/** The scanning screens read the current categories: a canteen's admin and cashier, a school's scanning roles. */
export const CURRENT_CATEGORY_ROLES: readonly Role[] = [
  ...new Set([...rolesFor('/fixation'), ...rolesFor('/school/fixation')]),
];

const fixationCategoriesEndpoint = endpointsOf('fixation-categories');
const fixationCategoriesAccess = rolesFor('/fixation/categories');

export const FIXATION_CATEGORIES_ENDPOINTS = {
  list: fixationCategoriesEndpoint('list', {
    query: FixationCategoryListQuery,
    answer: FixationCategoryList,
    access: FIXATION_CATEGORY_LIST_ROLES,
    summary: 'Категории фиксации (по позиции, затем по времени начала)',
  }),
  current: fixationCategoriesEndpoint('current', {
    query: CurrentFixationCategoriesQuery,
    answer: CurrentFixationCategories,
    access: CURRENT_CATEGORY_ROLES,
    summary: 'Категории, в окно которых попадает текущее время организации',
  }),
  get: fixationCategoriesEndpoint('get', {
    params: IdParams,
    answer: FixationCategory,
    refusals: [404],
    access: fixationCategoriesAccess,
    summary: 'Категория фиксации',
  }),
  create: fixationCategoriesEndpoint('create', {
    body: FixationCategoryCreate,
    answer: FixationCategory,
    access: fixationCategoriesAccess,
    summary: 'Новая категория фиксации: время ЧЧ:ММ, окна категорий не пересекаются',
  }),
  update: fixationCategoriesEndpoint('update', {
    body: FixationCategoryUpdate,
    answer: FixationCategory,
    refusals: [404],
    access: fixationCategoriesAccess,
    summary: 'Изменение категории фиксации',
  }),
  remove: fixationCategoriesEndpoint('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404],
    access: fixationCategoriesAccess,
    summary: 'Удаление категории фиксации (в архив: посещения сохраняются)',
  }),
};
