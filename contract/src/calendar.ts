import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { Ok } from './common.ts';
import { NamedRef } from './names.ts';
import { bodyId, id, optionalQueryId, z } from './zod.ts';

/**
 * The school's year (docs/rules.md "The school's year"): the country's holidays and vacations (the
 * super admin's), an organization's and a school's own days, a school's week of five or six days.
 */
export const ENTRY_KINDS = ['holiday', 'day_off', 'working', 'vacation', 'shortened'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export const DAY_KINDS = ['working', 'shortened', 'rest', 'holiday', 'day_off', 'vacation'] as const;
export type DayKind = (typeof DAY_KINDS)[number];
/** What an organization may set on its days: a holiday is the country's. */
export const OWN_ENTRY_KINDS = ['day_off', 'working', 'vacation', 'shortened'] as const;

export const CALENDAR_MESSAGES = withKazakh(
  {
    notFound: 'Запись календаря не найдена',
    schoolNotFound: 'Школа не найдена',
    kind: 'Выберите вид дня',
    holidayCountry: 'Праздники задаёт супер администратор для всей страны: отметьте день как выходной',
    date: 'Укажите дату в виде ДД.ММ.ГГГГ',
    dateRange: 'Дата — с 2020 по 2100 год',
    dateOrder: 'Конец не может быть раньше начала',
    tooLong: 'Не больше 366 дней в одной записи',
    name: 'Укажите название (до 120 символов)',
    grades: 'Классы — от 0 до 12, «по» не меньше «с»',
    gradesVacation: 'Классы указываются только для каникул',
    weekDays: 'Учебная неделя — 5 или 6 дней',
    fiveDayGrades: 'Пятидневка для младших классов — только в шестидневной школе, классы от 0 до 12',
    year: 'Учебный год — с 2020 по 2099',
    schoolForWeek: 'Выберите школу',
    period: 'Не больше 31 дня',
  } as const,
  {
    notFound: 'Күнтізбе жазбасы табылмады',
    schoolNotFound: 'Мектеп табылмады',
    kind: 'Күн түрін таңдаңыз',
    holidayCountry: 'Мерекелерді бүкіл ел үшін супер әкімші белгілейді: күнді демалыс күні деп белгілеңіз',
    date: 'Күнді КК.АА.ЖЖЖЖ түрінде көрсетіңіз',
    dateRange: 'Күні — 2020 жылдан 2100 жылға дейін',
    dateOrder: 'Соңы басынан ерте болмайды',
    tooLong: 'Бір жазбада 366 күннен аспайды',
    name: 'Атауын көрсетіңіз (120 таңбаға дейін)',
    grades: 'Сыныптар — 0-ден 12-ге дейін, «дейін» «бастап»-тан кем емес',
    gradesVacation: 'Сыныптар тек каникулға көрсетіледі',
    weekDays: 'Оқу аптасы — 5 немесе 6 күн',
    fiveDayGrades: 'Кіші сыныптарға бескүндік — тек алты күндік мектепте, сыныптар 0-ден 12-ге дейін',
    year: 'Оқу жылы — 2020 жылдан 2099 жылға дейін',
    schoolForWeek: 'Мектепті таңдаңыз',
    period: '31 күннен аспайды',
  },
);
const M = CALENDAR_MESSAGES;

const calendarDate = () =>
  z
    .string({ error: M.date })
    .trim()
    .pipe(z.iso.date({ error: M.date }))
    .refine((v) => v >= '2020-01-01' && v <= '2100-12-31', { error: M.dateRange });

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A day of the school's year as the calendar screen shows it. */
export const CalendarDay = z.object({
  date: z.string(),
  kind: z.enum(DAY_KINDS),
  name: z.string().nullable(),
  name_kk: z.string().nullable(),
  /** The grades on vacation that working day (the first grades' February week). */
  /** Grades that rest that working day: a vacation of theirs, or a six-day school's Saturday of its five-day grades. */
  grade_vacations: z.array(
    z.object({
      from: z.number().int(),
      to: z.number().int(),
      name: z.string(),
      kind: z.enum(['vacation', 'five_day']),
    }),
  ),
});
export type CalendarDay = z.infer<typeof CalendarDay>;

export const CalendarEntry = z.object({
  id: z.number().int(),
  scope: z.enum(['country', 'organization', 'school']),
  school_id: z.number().int().nullable(),
  kind: z.enum(ENTRY_KINDS),
  date_from: z.string(),
  date_to: z.string(),
  name: z.string(),
  name_kk: z.string().nullable(),
  moves: z.boolean(),
  week_days: z.number().int().nullable(),
  grade_from: z.number().int().nullable(),
  grade_to: z.number().int().nullable(),
  source: z.string().nullable(),
  /** The source in Kazakh, where known; null: `source` stands for both languages. */
  source_kk: z.string().nullable(),
  updated_at: z.string(),
});
export type CalendarEntry = z.infer<typeof CalendarEntry>;

/** `GET /api/calendar`: an academic year (1 September of `year` to 31 August after). */
export const CalendarQuery = z.object({
  year: z.coerce
    .number({ error: M.year })
    .int({ error: M.year })
    .min(2020, { error: M.year })
    .max(2099, { error: M.year }),
  schoolId: optionalQueryId(),
});
export type CalendarQuery = z.infer<typeof CalendarQuery>;

export const CalendarYear = z.object({
  /** Whose days: the country (the super admin), an organization, or one of its schools. */
  scope: z.enum(['country', 'organization', 'school']),
  school: NamedRef.extend({
    week_days: z.number().int(),
    /** A six-day school's grades up to this one study five days (null: all six). */
    five_day_to_grade: z.number().int().nullable(),
  }).nullable(),
  /** A kindergarten works through the school vacations. */
  kindergarten: z.boolean(),
  from: z.string(),
  to: z.string(),
  days: z.array(CalendarDay),
  /** The entries of this scope and the ones it overrides, meeting the year, by first date. */
  entries: z.array(CalendarEntry),
  /** Whether the caller may change this scope's days. */
  editable: z.boolean(),
  /** Calendar years of the period with no public holiday in the country's calendar yet. */
  unknown_years: z.array(z.number().int()),
});
export type CalendarYear = z.infer<typeof CalendarYear>;

const optionalName = () =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.string({ error: M.name }).trim().max(120, { error: M.name }).nullable().optional(),
  );
const grade = () =>
  z.number({ error: M.grades }).int({ error: M.grades }).min(0, { error: M.grades }).max(12, { error: M.grades });

const entryFields = {
  /** The school whose day this is; none: the organization's (the country's for the super admin). */
  school_id: bodyId().nullable().optional(),
  kind: z.enum(ENTRY_KINDS, { error: M.kind }),
  date_from: calendarDate(),
  date_to: calendarDate(),
  name: z.string({ error: M.name }).trim().min(1, { error: M.name }).max(120, { error: M.name }),
  name_kk: optionalName(),
  /** Only for a holiday: whether it moves off a day of rest to the next working day. */
  moves: z.boolean().optional(),
  week_days: z
    .union([z.literal(5), z.literal(6)], { error: M.weekDays })
    .nullable()
    .optional(),
  grade_from: grade().nullable().optional(),
  grade_to: grade().nullable().optional(),
  source: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(500).nullable().optional()),
  /** Absent on an update: kept while `source` stays as it was, cleared when it changes. */
  source_kk: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(500).nullable().optional()),
};
const checkEntry = (
  b: { date_from: string; date_to: string; kind: EntryKind; grade_from?: number | null; grade_to?: number | null },
  ctx: z.RefinementCtx,
) => {
  const days = daysBetween(b.date_from, b.date_to);
  if (days < 0) ctx.addIssue({ code: 'custom', message: M.dateOrder, path: ['date_to'] });
  else if (days > 365) ctx.addIssue({ code: 'custom', message: M.tooLong, path: ['date_to'] });
  const from = b.grade_from ?? null;
  const to = b.grade_to ?? null;
  if ((from !== null || to !== null) && b.kind !== 'vacation')
    ctx.addIssue({ code: 'custom', message: M.gradesVacation, path: ['grade_from'] });
  else if ((from === null) !== (to === null) || (from !== null && to !== null && to < from))
    ctx.addIssue({ code: 'custom', message: M.grades, path: [to === null ? 'grade_to' : 'grade_from'] });
};

/** `POST /api/calendar/entry`. */
export const CalendarEntryCreate = z.object(entryFields).superRefine(checkEntry);
export type CalendarEntryCreate = z.infer<typeof CalendarEntryCreate>;
/** `PUT /api/calendar/entry`: the entry's scope stays. */
export const CalendarEntryUpdate = z
  .object({ ...entryFields, id: bodyId() })
  .omit({ school_id: true })
  .superRefine(checkEntry);
export type CalendarEntryUpdate = z.infer<typeof CalendarEntryUpdate>;

/** `PUT /api/calendar/week`: a school's week. */
export const CalendarWeek = z
  .object({
    school_id: bodyId(),
    week_days: z.union([z.literal(5), z.literal(6)], { error: M.weekDays }),
    /** A six-day school's younger grades on a five-day week: up to this grade (null or absent: none). */
    five_day_to_grade: z
      .number({ error: M.fiveDayGrades })
      .int({ error: M.fiveDayGrades })
      .min(0, { error: M.fiveDayGrades })
      .max(12, { error: M.fiveDayGrades })
      .nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.week_days !== 6 && b.five_day_to_grade != null)
      ctx.addIssue({ code: 'custom', message: M.fiveDayGrades, path: ['five_day_to_grade'] });
  });
export type CalendarWeek = z.infer<typeof CalendarWeek>;

/** `GET /api/activated/menu/days`: the dates of a period with the day of the activation's menu each serves. */
export const ActivationDaysQuery = z
  .object({ id: id(), from: calendarDate(), to: calendarDate() })
  .superRefine((q, ctx) => {
    const days = daysBetween(q.from, q.to);
    if (days < 0) ctx.addIssue({ code: 'custom', message: M.dateOrder, path: ['to'] });
    else if (days > 30) ctx.addIssue({ code: 'custom', message: M.period, path: ['to'] });
  });
export type ActivationDaysQuery = z.infer<typeof ActivationDaysQuery>;
export const ActivationDays = z.object({
  school: NamedRef,
  menu: z.object({ id: z.number().int(), name: z.string(), days: z.number().int() }),
  /** Each date of the period: what the day is, and the menu's day it serves (null: none). */
  days: z.array(
    CalendarDay.pick({ date: true, kind: true, name: true, name_kk: true }).extend({
      day: z.number().int().nullable(),
    }),
  ),
});
export type ActivationDays = z.infer<typeof ActivationDays>;

const calendarEndpoint = endpointsOf('calendar');
const readers = rolesFor('/calendar');

export const CALENDAR_ENDPOINTS = {
  year: calendarEndpoint('year', {
    query: CalendarQuery,
    answer: CalendarYear,
    refusals: [404],
    access: readers,
    summary: 'Учебный год школы, организации или страны: каждый день с его видом и записи календаря',
  }),
  create: calendarEndpoint('create', {
    body: CalendarEntryCreate,
    answer: CalendarEntry,
    refusals: [404],
    access: readers,
    summary: 'Новая запись календаря: праздник (супер администратор), выходной, рабочий, сокращённый день или каникулы',
    example: { kind: 'day_off', date_from: '2026-12-30', date_to: '2026-12-30', name: 'Санитарный день' },
  }),
  update: calendarEndpoint('update', {
    body: CalendarEntryUpdate,
    answer: CalendarEntry,
    refusals: [404],
    access: readers,
    summary: 'Изменить запись календаря',
  }),
  remove: calendarEndpoint('remove', {
    params: z.object({ id: id() }),
    answer: Ok,
    refusals: [404],
    access: readers,
    summary: 'Удалить запись календаря',
  }),
  week: calendarEndpoint('week', {
    body: CalendarWeek,
    answer: Ok,
    refusals: [404],
    access: readers,
    summary: 'Учебная неделя школы: 5 или 6 дней',
  }),
};
