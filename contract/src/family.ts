import { ALLERGENS, DIETS } from './allergens.ts';
import { RATING_COMMENT_MAX, RESTRICTION_NOTE_MAX } from './family-limits.ts';
import { DAY_KINDS } from './calendar.ts';
import { IdParams } from './common.ts';
import type { Role } from './role-list.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { withKazakh } from './languages.ts';
import { ACTIVATION_TYPES, daysBetween } from './menu-activations.ts';
import { LOAN_STATUSES } from './library.ts';
import { NameAnswer, NamedRef } from './names.ts';
import { rolesFor } from './routes.ts';
import { id, z } from './zod.ts';

/**
 * The family's side (docs/rules.md "A parent's children"): a parent sees the children linked to
 * their account, across schools and organizations, and nothing of anybody else's.
 */
const FAMILY_MESSAGES_RU = {
  childNotFound: 'Ребёнок не найден',
  dateFrom: 'Укажите дату начала',
  dateTo: 'Укажите дату окончания',
  badDate: 'Дата в формате ГГГГ-ММ-ДД',
  dateOrder: 'Дата окончания раньше даты начала',
  period: 'Период не длиннее 62 дней',
  menuPeriod: 'Меню — не больше чем на 14 дней',
  allergen: 'Неизвестный аллерген',
  diet: 'Неизвестная диета',
  restrictionNote: 'Примечание — не длиннее 500 символов',
  pupilNotFound: 'Ученик не найден',
  parentNotLinked: 'Этот родитель не привязан к ученику',
  nothingToConfirm: 'Родители не задали ограничений: подтверждать нечего',
  confirmed: 'Укажите, подтверждены ли ограничения справкой',
  score: 'Оценка — целое число от 1 до 5',
  ratingComment: 'Комментарий — не длиннее 500 символов',
  mealNotFound: 'Питание не найдено',
  ratingDay: 'Оценить питание можно только в тот же день',
} as const;
export const FAMILY_MESSAGES = withKazakh(FAMILY_MESSAGES_RU, {
  childNotFound: 'Бала табылмады',
  dateFrom: 'Басталу күнін көрсетіңіз',
  dateTo: 'Аяқталу күнін көрсетіңіз',
  badDate: 'Күн ЖЖЖЖ-АА-КК пішімінде',
  dateOrder: 'Аяқталу күні басталу күнінен ерте',
  period: 'Кезең 62 күннен ұзын емес',
  menuPeriod: 'Мәзір — 14 күннен аспайды',
  allergen: 'Белгісіз аллерген',
  diet: 'Белгісіз диета',
  restrictionNote: 'Ескертпе — 500 таңбадан аспайды',
  pupilNotFound: 'Оқушы табылмады',
  parentNotLinked: 'Бұл ата-ана оқушыға байланыстырылмаған',
  nothingToConfirm: 'Ата-аналар шектеу бермеген: растайтын ештеңе жоқ',
  confirmed: 'Шектеулер анықтамамен расталғанын көрсетіңіз',
  score: 'Баға — 1-ден 5-ке дейінгі бүтін сан',
  ratingComment: 'Пікір — 500 таңбадан аспайды',
  mealNotFound: 'Тамақтану табылмады',
  ratingDay: 'Тамақтануды тек сол күні бағалауға болады',
});
const M = FAMILY_MESSAGES;

/** The longest period a child's meals are asked for at once: two months, a calendar's view. */
export const FAMILY_PERIOD_MAX_DAYS = 62;

/** A meal recorded for the child: its exact time, where, and what it counted as. */
export const ChildMeal = z.object({
  id: z.number().int(),
  /** The moment it was recorded (ISO, UTC); the day is `date`, the organization's calendar day. */
  at: z.string(),
  date: z.string(),
  /** The school it was recorded at, or null at a company's canteen. */
  school: NamedRef.nullable(),
  /** The canteen it was recorded at, or null at a school. */
  canteen: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The meal time (a canteen's) or the food category (a school's) it counted as. */
  category: z.object(NameAnswer).nullable(),
  /** Portions (an endless card may take more than one). */
  count: z.number().int(),
  /** The caller's rating of this meal, if given. */
  rating: z.object({ score: z.number().int(), comment: z.string().nullable() }).nullable(),
});
export type ChildMeal = z.infer<typeof ChildMeal>;

/** A child as the parent sees them: who, where, and today's meals. */
export const ParentChild = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.object({ url: z.string() }).nullable(),
  /** The IIN with all but its last four digits hidden: the family knows it, a shoulder need not. */
  iin_masked: z.string().nullable(),
  school: NamedRef.nullable(),
  classroom: NamedRef.nullable(),
  /** The food category, and its type: `sw` the social wallet (the free menu), `common` a standard one. */
  food_category: z.object({ ...NameAnswer, type: z.enum(['sw', 'common']) }).nullable(),
  /** The child's organization's time zone: its clock tells the meals' times. */
  time_zone: z.string(),
  /** The child's organization's today (its time zone), and the meals recorded that day. */
  today: z.string(),
  meals_today: z.array(ChildMeal),
});
export type ParentChild = z.infer<typeof ParentChild>;

export const ParentChildren = z.object({ rows: z.array(ParentChild) });
export type ParentChildren = z.infer<typeof ParentChildren>;

const requiredDate = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .pipe(z.iso.date({ error: M.badDate }));

/** A period of days, `dateTo` not before `dateFrom`, at most `max` days. */
const periodQuery = (max: number, tooLong: string) =>
  z.object({ dateFrom: requiredDate(M.dateFrom), dateTo: requiredDate(M.dateTo) }).superRefine((q, ctx) => {
    const days = daysBetween(q.dateFrom, q.dateTo);
    if (days < 0) ctx.addIssue({ code: 'custom', message: M.dateOrder, path: ['dateTo'] });
    else if (days >= max) ctx.addIssue({ code: 'custom', message: tooLong, path: ['dateTo'] });
  });

/** `GET /api/parent/child/:id/meals`: the period, `dateTo` not before `dateFrom`, at most 62 days. */
export const ChildMealsQuery = periodQuery(FAMILY_PERIOD_MAX_DAYS, M.period);
export type ChildMealsQuery = z.infer<typeof ChildMealsQuery>;

/** The longest period a child's menu is asked for at once: two weeks. */
export const FAMILY_MENU_MAX_DAYS = 14;
/** `GET /api/parent/child/:id/menu`: at most 14 days. */
export const ChildMenuQuery = periodQuery(FAMILY_MENU_MAX_DAYS, M.menuPeriod);
export type ChildMenuQuery = z.infer<typeof ChildMenuQuery>;

export const ChildMeals = z.object({ rows: z.array(ChildMeal) });
export type ChildMeals = z.infer<typeof ChildMeals>;

/**
 * What a child's day was (docs/rules.md "A parent's children"): `served` — a meal recorded (whatever
 * the day); `missed` — due, a past day, nothing recorded; `absent` — marked away and nothing recorded;
 * `expected` — due today or ahead; `off` — the school (or the child's grade) does not work;
 * `not_entitled` — a working day the child's food category does not pay (none, or a social wallet
 * outside its dates).
 */
export const CHILD_DAY_STATUSES = ['served', 'missed', 'absent', 'expected', 'off', 'not_entitled'] as const;
export type ChildDayStatus = (typeof CHILD_DAY_STATUSES)[number];

export const ChildDay = z.object({
  date: z.string(),
  kind: z.enum(DAY_KINDS),
  /** What made the day one off (a holiday's, a vacation's name, the grade's vacation), or null. */
  reason: z.object(NameAnswer).nullable(),
  status: z.enum(CHILD_DAY_STATUSES),
  /** The meals due that day: the child's class's meal times its category pays (1 without meal times). */
  due: z.number().int(),
  /** Marked away that day (by the school). */
  absent: z.boolean(),
  meals: z.array(ChildMeal),
});
export type ChildDay = z.infer<typeof ChildDay>;

/** `GET /api/parent/child/:id/days`: a period of the child's days and what the child is entitled to. */
export const ChildDays = z.object({
  today: z.string(),
  time_zone: z.string(),
  entitlement: z.object({
    food_category: z.object(NameAnswer).nullable(),
    /** `sw`: the social wallet (paid by the state between its dates); `common`: a standard category. */
    type: z.enum(['sw', 'common']).nullable(),
    /** The social wallet's dates: from (included) and until (the first day without it). */
    from: z.string().nullable(),
    until: z.string().nullable(),
    /** The meal times the category pays at the child's shift, in the day's order (empty: one meal a day). */
    meals: z.array(z.object({ id: z.number().int(), name: z.string(), time_start: z.string() })),
  }),
  days: z.array(ChildDay),
});
export type ChildDays = z.infer<typeof ChildDays>;

/** A dish of the child's school's menu: its names, portion, photo, and price on the paid menu. */
export const ChildMenuDish = z.object({
  id: z.number().int(),
  ...NameAnswer,
  /** The portion («200 г»). */
  output: z.string(),
  /** The price in tenge ("450.50") on the paid menu; null on the free one. */
  cost: z.string().nullable(),
  image: z.object({ url: z.string() }).nullable(),
  /** The allergens the dish holds, and those of them the child's restrictions keep away. */
  allergens: z.array(z.enum(ALLERGENS)),
  restricted: z.array(z.enum(ALLERGENS)),
});
export type ChildMenuDish = z.infer<typeof ChildMenuDish>;

/** A day of the child's school: its kind, and the menus served that day (free, paid), by meal mode. */
export const ChildMenuDay = z.object({
  date: z.string(),
  kind: z.enum(DAY_KINDS),
  menus: z.array(
    z.object({
      type: z.enum(ACTIVATION_TYPES),
      menu: NamedRef,
      /** The day of the menu's cycle served that date. */
      day: z.number().int(),
      modes: z.array(z.object({ mode: z.number().int(), ...NameAnswer, dishes: z.array(ChildMenuDish) })),
    }),
  ),
});
export type ChildMenuDay = z.infer<typeof ChildMenuDay>;

export const ChildMenu = z.object({ today: z.string(), days: z.array(ChildMenuDay) });
export type ChildMenu = z.infer<typeof ChildMenu>;

/** How many returned books a child's history lists: the newest. */
export const CHILD_BOOKS_HISTORY_MAX = 50;

/** A copy the child took from a school's library. */
export const ChildLoan = z.object({
  id: z.number().int(),
  book: z.object({ name: z.string(), authors: z.string() }),
  school: NamedRef,
  /** When it was issued (ISO, UTC), and the day it is due back (the organization's calendar day). */
  issued_at: z.string(),
  expired_at: z.string(),
  /** When it came back (ISO, UTC); null while on hand. */
  returned_at: z.string().nullable(),
  /** On hand: `overdue` after its day, `soon` from 3 days before, else `normal`; returned: `returned`. */
  status: z.enum([...LOAN_STATUSES, 'returned']),
  /** Came back after its day (returned ones only). */
  late: z.boolean(),
});
export type ChildLoan = z.infer<typeof ChildLoan>;

/** `GET /api/parent/child/:id/books`: the books on hand, soonest due first, and the newest returned. */
export const ChildBooks = z.object({
  today: z.string(),
  on_hand: z.array(ChildLoan),
  history: z.array(ChildLoan),
});
export type ChildBooks = z.infer<typeof ChildBooks>;

/**
 * `GET /api/parent/child/:id/record`: what the school holds about the child, said plainly, and whom
 * to ask to correct it. Numbers are masked as the IIN is; other parents by name only.
 */
export const ChildRecord = z.object({
  name: z.string(),
  iin_masked: z.string().nullable(),
  has_photo: z.boolean(),
  /** The day the child was added, and the day the record last changed (the organization's days). */
  added: z.string(),
  updated: z.string(),
  school: z.object({ ...NamedRef.shape, address: z.string().nullable(), city: z.string().nullable() }).nullable(),
  classroom: NamedRef.nullable(),
  food_category: z.object({ ...NameAnswer, type: z.enum(['sw', 'common']) }).nullable(),
  /** The social wallet: its dates and the order that gave it. */
  social_wallet: z
    .object({ from: z.string().nullable(), until: z.string().nullable(), order: z.string().nullable() })
    .nullable(),
  /** The child's meal cards: the last four characters of each, and since when it is the child's. */
  cards: z.array(z.object({ number_masked: z.string(), linked_on: z.string().nullable() })),
  has_watch: z.boolean(),
  /** How many of each record the school keeps: meals recorded, days marked away, books taken. */
  held: z.object({ meals: z.number().int(), absences: z.number().int(), loans: z.number().int() }),
  /** The accounts linked to the child as parents (names only), the reader's among them. */
  parents: z.array(z.object({ name: z.string(), since: z.string() })),
  /** Whom to ask to correct it: the school's administrators (else the organization's), by name. */
  contacts: z.array(z.object({ name: z.string(), job_title: z.string().nullable() })),
});
export type ChildRecord = z.infer<typeof ChildRecord>;

/** `PUT /api/parent/child/:id/meal/:mealId/rating`: 1–5 and an optional comment. */
export const RatingBody = z.object({
  score: z.number({ error: M.score }).int({ error: M.score }).min(1, { error: M.score }).max(5, { error: M.score }),
  comment: z
    .string({ error: M.ratingComment })
    .trim()
    .max(RATING_COMMENT_MAX, { error: M.ratingComment })
    .nullish()
    .transform((v) => v || null),
});
export type RatingBody = z.infer<typeof RatingBody>;

export const ChildMealParams = z.object({ id: id(), mealId: id() });
export type ChildMealParams = z.infer<typeof ChildMealParams>;

/** A pupil's own meal (`PUT /api/student/meal/:mealId/rating`). */
export const StudentMealParams = z.object({ mealId: id() });
export type StudentMealParams = z.infer<typeof StudentMealParams>;

/** `PUT /api/parent/child/:id/restrictions`: the allergens and diets kept from the child, and a note. */
export const RestrictionsBody = z.object({
  allergens: z.array(z.enum(ALLERGENS, { error: M.allergen }), { error: M.allergen }).max(ALLERGENS.length),
  diets: z.array(z.enum(DIETS, { error: M.diet }), { error: M.diet }).max(DIETS.length),
  note: z
    .string({ error: M.restrictionNote })
    .trim()
    .max(RESTRICTION_NOTE_MAX, { error: M.restrictionNote })
    .nullish()
    .transform((v) => v || null),
});
export type RestrictionsBody = z.infer<typeof RestrictionsBody>;

/** A child's restrictions: what, who set them and when, and whether a medical certificate confirms them. */
export const ChildRestrictions = z.object({
  allergens: z.array(z.enum(ALLERGENS)),
  diets: z.array(z.enum(DIETS)),
  note: z.string().nullable(),
  /** Who set them last (a parent's or the school's person's name) and when (ISO); null: never set. */
  set_by: z.string().nullable(),
  set_at: z.string().nullable(),
  /** Confirmed by a medical certificate: by whom at the school and when; a change by a parent clears it. */
  confirmed: z.object({ by: z.string().nullable(), at: z.string() }).nullable(),
});
export type ChildRestrictions = z.infer<typeof ChildRestrictions>;

/** A parent linked to a pupil as the school sees them: whom, since when, and how they are told. */
export const LinkedParent = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  since: z.string(),
  /** The channels the parent chose to hear of this child by (and that reach them); never a token. */
  channels: z.array(z.enum(['email', 'push', 'telegram'])),
});
export type LinkedParent = z.infer<typeof LinkedParent>;

/** `GET /api/pupil/:id/family`: a pupil's restrictions and linked parents, for the school. */
export const PupilFamily = z.object({ restrictions: ChildRestrictions, parents: z.array(LinkedParent) });
export type PupilFamily = z.infer<typeof PupilFamily>;

/** `PUT /api/pupil/:id/restrictions/confirmation`: the school confirms (or withdraws) the certificate. */
export const ConfirmationBody = z.object({ confirmed: z.boolean({ error: M.confirmed }) });
export type ConfirmationBody = z.infer<typeof ConfirmationBody>;

export const PupilParentParams = z.object({ id: id(), parentId: id() });
export type PupilParentParams = z.infer<typeof PupilParentParams>;

const familyEndpoint = endpointsOf('family');
/** The school's people who see a pupil's family: those who invite parents (users, classes, pupils). */
const PUPIL_STAFF: readonly Role[] = [
  ...new Set([...rolesFor('/users'), ...rolesFor('/classroom/:classroomId/users'), ...rolesFor('/pupils')]),
];
const PARENT = rolesFor('/download');
/** A pupil who signs in (the `Student` role): their own meals only. */
const STUDENT: readonly Role[] = ['Student'];

export const FAMILY_ENDPOINTS = {
  children: familyEndpoint('children', {
    answer: ParentChildren,
    access: PARENT,
    summary: 'Дети родителя: кто, где учится, и что он(а) ел(а) сегодня, с точным временем',
  }),
  meals: familyEndpoint('meals', {
    params: IdParams,
    query: ChildMealsQuery,
    answer: ChildMeals,
    refusals: [404],
    access: PARENT,
    summary: 'Питание ребёнка за период (до 62 дней): каждое с точным временем и местом',
  }),
  days: familyEndpoint('days', {
    params: IdParams,
    query: ChildMealsQuery,
    answer: ChildDays,
    refusals: [404],
    access: PARENT,
    summary:
      'Дни ребёнка за период (до 62 дней): поел, положено и не выдано, отсутствовал, выходной или каникулы; на что имеет право',
  }),
  menu: familyEndpoint('menu', {
    params: IdParams,
    query: ChildMenuQuery,
    answer: ChildMenu,
    refusals: [404],
    access: PARENT,
    summary: 'Меню школы ребёнка по дням (до 14 дней): блюда с фото, выходом и ценой платного меню',
  }),
  record: familyEndpoint('record', {
    params: IdParams,
    answer: ChildRecord,
    refusals: [404],
    access: PARENT,
    summary: 'Что школа хранит о ребёнке, и к кому обратиться, чтобы исправить',
  }),
  rate: familyEndpoint('rate', {
    params: ChildMealParams,
    body: RatingBody,
    answer: ChildMeal,
    refusals: [404, 409],
    access: PARENT,
    summary:
      'Оценить питание ребёнка (1–5, комментарий до 500 символов): одна оценка на питание, меняется в тот же день',
  }),
  studentToday: familyEndpoint('studentToday', {
    answer: ParentChild,
    refusals: [404],
    access: STUDENT,
    summary: 'Ученик со входом: где учится и что ел(а) сегодня, с точным временем и своей оценкой',
  }),
  studentRate: familyEndpoint('studentRate', {
    params: StudentMealParams,
    body: RatingBody,
    answer: ChildMeal,
    refusals: [404, 409],
    access: STUDENT,
    summary: 'Ученик со входом оценивает своё сегодняшнее питание (1–5, комментарий до 500 символов)',
  }),
  restrictions: familyEndpoint('restrictions', {
    params: IdParams,
    answer: ChildRestrictions,
    refusals: [404],
    access: PARENT,
    summary: 'Ограничения питания ребёнка: аллергены, диеты, примечание; кто и когда задал, подтверждены ли справкой',
  }),
  setRestrictions: familyEndpoint('setRestrictions', {
    params: IdParams,
    body: RestrictionsBody,
    answer: ChildRestrictions,
    refusals: [404],
    access: PARENT,
    summary: 'Задать ограничения питания ребёнка (изменение снимает подтверждение справкой)',
  }),
  pupil: familyEndpoint('pupil', {
    params: IdParams,
    answer: PupilFamily,
    refusals: [404],
    access: PUPIL_STAFF,
    summary: 'Для школы: ограничения питания ученика (кто и когда задал) и привязанные родители с каналами',
  }),
  confirmRestrictions: familyEndpoint('confirmRestrictions', {
    params: IdParams,
    body: ConfirmationBody,
    answer: ChildRestrictions,
    refusals: [404, 409],
    access: PUPIL_STAFF,
    summary: 'Школа отмечает, что ограничения ученика подтверждены медицинской справкой (или снимает отметку)',
  }),
  unlinkParent: familyEndpoint('unlinkParent', {
    params: PupilParentParams,
    answer: PupilFamily,
    refusals: [404],
    access: PUPIL_STAFF,
    summary: 'Отвязать родителя от ученика: он больше не видит ребёнка и не получает уведомлений',
  }),
  books: familyEndpoint('books', {
    params: IdParams,
    answer: ChildBooks,
    refusals: [404],
    access: PARENT,
    summary: 'Книги ребёнка: на руках со сроком возврата (просроченные отмечены) и последние 50 возвращённых',
  }),
};

export { RATING_COMMENT_MAX, RESTRICTION_NOTE_MAX };
