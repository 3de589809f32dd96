import { withKazakh } from './languages.ts';
import { endpointsOf, xlsxFile } from './endpoint-kit.ts';
import { daysBetween } from './menu-activations.ts';
import { rolesFor } from './routes.ts';
import { NamedRef } from './names.ts';
import { id, optionalQueryId, z } from './zod.ts';

/**
 * Reports of visits (docs/product.md "Reports", "Entities", "Calls"; docs/domain.md "Reports and statistics"). Days are the
 * organization's calendar days; a cell counts portions (a visit's `count`, 1 but for a canteen's
 * endless card marked by hand), so the totals are what the meals are paid for.
 */
export const REPORT_PERIOD_MAX_DAYS = 366;

/** «All categories» in a report's heading, as the line of its categories names it. */
const ALL_CATEGORIES = 'все';

export const REPORT_MESSAGES = withKazakh(
  {
    chooseCanteen: 'Выберите столовую',
    canteenNotFound: 'Столовая не найдена',
    categoryNotFound: 'Категория фиксации не найдена',
    categories: 'Неверный список категорий',
    dateFrom: 'Укажите дату «с»',
    dateTo: 'Укажите дату «по»',
    badDate: 'Неверная дата',
    dateOrder: 'Дата «по» раньше даты «с»',
    period: `Период — не больше ${REPORT_PERIOD_MAX_DAYS} дней`,
    noCategory: 'Без категории',
    chooseSchool: 'Выберите школу',
    schoolNotFound: 'Школа не найдена',
    classroomNotFound: 'Класс не найден',
    foodCategoryNotFound: 'Категория питания не найдена',
    schoolSheet: 'Отчёт по школе',
    schoolColumns: ['№', 'ФИО', 'Класс', 'Категория', 'Карта'],
    schoolTitle: (school: string, period: string) => `Отчёт по фиксациям: ${school}, ${period}`,
    classroomLine: (name: string) => `Класс: ${name}`,
    classSheet: 'Отчёт по классам',
    classColumns: ['Класс', 'Категория'],
    classTitle: (school: string, period: string) => `Отчёт по классам: ${school}, ${period}`,
    totals: 'Итого',
    canteenSheet: 'Отчёт по фиксациям',
    canteenColumns: ['№', 'ФИО', 'Класс', 'Категория', 'Карта', 'График'],
    canteenTitle: (canteen: string, period: string) => `Отчёт по фиксациям: ${canteen}, ${period}`,
    categorySheet: 'Отчёт по категориям',
    categoryColumns: ['Категория'],
    categoryTitle: (canteen: string, period: string) => `Отчёт по категориям: ${canteen}, ${period}`,
    categoriesLine: (names: string) => `Категории: ${names}`,
    allCategories: ALL_CATEGORIES,
    month: 'Укажите месяц',
    badMonth: 'Неверный месяц',
    walletSheet: 'Сверка соцкошелька',
    walletTitle: (school: string, month: string) => `Сверка социального кошелька: ${school}, ${month}`,
    walletColumns: ['№', 'ФИО', 'Класс', 'Категория', 'Стоимость, тг.'],
    walletTotals: ['Положено', 'Получено', 'Сумма, тг.'],
    walletLegend: '+ получил(а) питание, − не получил(а), пусто — не положено в этот день',
    walletDayLines: ['Положено', 'Получено', 'Не получили', 'Сумма, тг.'],
    signatures: ['Директор школы', 'Социальный педагог', 'Ответственный за питание'],
    signatureLine: '____________________ / ____________________ /',
  } as const,
  {
    chooseCanteen: 'Асхананы таңдаңыз',
    canteenNotFound: 'Асхана табылмады',
    categoryNotFound: 'Тіркеу санаты табылмады',
    categories: 'Санаттар тізімі қате',
    dateFrom: '«Бастап» күнін көрсетіңіз',
    dateTo: '«Дейін» күнін көрсетіңіз',
    badDate: 'Күн қате',
    dateOrder: '«Дейін» күні «Бастап» күнінен ерте',
    period: `Кезең — ${REPORT_PERIOD_MAX_DAYS} күннен аспайды`,
    noCategory: 'Санатсыз',
    chooseSchool: 'Мектепті таңдаңыз',
    schoolNotFound: 'Мектеп табылмады',
    classroomNotFound: 'Сынып табылмады',
    foodCategoryNotFound: 'Тамақтану санаты табылмады',
    schoolSheet: 'Мектеп бойынша есеп',
    schoolColumns: ['№', 'Аты-жөні', 'Сынып', 'Санат', 'Карта'],
    schoolTitle: (school: string, period: string) => `Тіркеулер бойынша есеп: ${school}, ${period}`,
    classroomLine: (name: string) => `Сынып: ${name}`,
    classSheet: 'Сыныптар бойынша есеп',
    classColumns: ['Сынып', 'Санат'],
    classTitle: (school: string, period: string) => `Сыныптар бойынша есеп: ${school}, ${period}`,
    totals: 'Жиыны',
    canteenSheet: 'Тіркеулер бойынша есеп',
    canteenColumns: ['№', 'Аты-жөні', 'Сынып', 'Санат', 'Карта', 'Кесте'],
    canteenTitle: (canteen: string, period: string) => `Тіркеулер бойынша есеп: ${canteen}, ${period}`,
    categorySheet: 'Санаттар бойынша есеп',
    categoryColumns: ['Санат'],
    categoryTitle: (canteen: string, period: string) => `Санаттар бойынша есеп: ${canteen}, ${period}`,
    categoriesLine: (names: string) => `Санаттар: ${names === ALL_CATEGORIES ? 'барлығы' : names}`,
    allCategories: 'барлығы',
    month: 'Айды көрсетіңіз',
    badMonth: 'Ай қате',
    walletSheet: 'Әлеуметтік әмиянды салыстыру',
    walletTitle: (school: string, month: string) => `«Әлеуметтік әмиянды» салыстыру: ${school}, ${month}`,
    walletColumns: ['№', 'Аты-жөні', 'Сынып', 'Санат', 'Құны, тг.'],
    walletTotals: ['Тиесілі', 'Алды', 'Сомасы, тг.'],
    walletLegend: '+ тамақ алды, − тамақ алмады, бос — бұл күні тиесілі емес',
    walletDayLines: ['Тиесілі', 'Алды', 'Алмағандар', 'Сомасы, тг.'],
    signatures: ['Мектеп директоры', 'Әлеуметтік педагог', 'Тамақтануға жауапты'],
    signatureLine: '____________________ / ____________________ /',
  },
);
const M = REPORT_MESSAGES;

const requiredDate = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .pipe(z.iso.date({ error: M.badDate }));

/**
 * A list of ids in a query string, as clients send it: `categoriesIds=1,2`, the key repeated, or
 * `categoriesIds[]=1`. Absent or empty is no filter.
 */
const queryIds = () =>
  z.preprocess(
    (v) =>
      (v === undefined || v === null ? [] : [v].flat())
        .flatMap((s) => String(s).split(','))
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    z.array(id(), { error: M.categories }).max(100, { error: M.categories }),
  );

/** A required id in a query string: absent or empty says what to choose. */
const requiredId = (missing: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .any()
      .refine((v) => v !== undefined, { error: missing })
      .pipe(id()),
  );

/** `flag=1`, `flag=true` or a bare `flag` ask for the workbook; `0`, `false` or absent do not. */
/** A query flag is on when present and not `0`, `false` or `no` (`?export=1`, `?export=true`, `?export`). */
export const isFlagOn = (v: unknown): boolean => {
  const first = Array.isArray(v) ? (v as unknown[])[0] : v;
  return typeof first === 'string' && !['0', 'false', 'no'].includes(first.toLowerCase());
};

const flag = () => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().optional().transform(isFlagOn));

/** `categoriesIds[]=…` read as `categoriesIds`. */
const bracketKeys = (q: unknown) => {
  if (typeof q !== 'object' || q === null || !('categoriesIds[]' in q)) return q;
  const { 'categoriesIds[]': bracket, ...rest } = q as Record<string, unknown>;
  return { ...rest, categoriesIds: [rest.categoriesIds ?? [], bracket].flat() };
};

/** `dateTo` not before `dateFrom`, the period at most a year. */
const checkPeriod = (q: { dateFrom: string; dateTo: string }, ctx: z.RefinementCtx) => {
  const days = daysBetween(q.dateFrom, q.dateTo);
  if (days < 0) ctx.addIssue({ code: 'custom', message: M.dateOrder, path: ['dateTo'] });
  else if (days >= REPORT_PERIOD_MAX_DAYS) ctx.addIssue({ code: 'custom', message: M.period, path: ['dateTo'] });
};

/**
 * `GET /api/report/fixations` and `/api/report/category/fixations` (docs/product.md "Calls"): a canteen, the
 * period, the meal times (fixation categories, all when none); `export` asks for the .xlsx and
 * `token` may carry the session, as the spec's client downloads by navigating to the link.
 */
export const CanteenReportQuery = z.preprocess(
  bracketKeys,
  z
    .object({
      canteenId: requiredId(M.chooseCanteen),
      dateFrom: requiredDate(M.dateFrom),
      dateTo: requiredDate(M.dateTo),
      categoriesIds: queryIds(),
      export: flag(),
      token: z.string().max(4096).optional(),
    })
    .superRefine(checkPeriod),
);
export type CanteenReportQuery = z.infer<typeof CanteenReportQuery>;

/**
 * `GET /api/report/school/fixations` (docs/product.md "Calls"): the school rides in `canteenId`, as the spec's
 * client sends it (`schoolId` is read too); a class; the period; food categories (all when none).
 * A user locked to a school needs none: theirs is taken.
 */
export const SchoolReportQuery = z.preprocess(
  bracketKeys,
  z
    .object({
      canteenId: optionalQueryId(),
      schoolId: optionalQueryId(),
      classroomId: optionalQueryId(),
      dateFrom: requiredDate(M.dateFrom),
      dateTo: requiredDate(M.dateTo),
      categoriesIds: queryIds(),
      export: flag(),
      token: z.string().max(4096).optional(),
    })
    .superRefine(checkPeriod),
);
export type SchoolReportQuery = z.infer<typeof SchoolReportQuery>;

/**
 * `GET /api/report/school/classrooms/fixations` (docs/product.md "Calls"): the school (`schoolId`; `canteenId`
 * is read too) and the period, a grid per class and food category.
 */
export const ClassReportQuery = z.preprocess(
  bracketKeys,
  z
    .object({
      schoolId: optionalQueryId(),
      canteenId: optionalQueryId(),
      dateFrom: requiredDate(M.dateFrom),
      dateTo: requiredDate(M.dateTo),
      export: flag(),
      token: z.string().max(4096).optional(),
    })
    .superRefine(checkPeriod),
);
export type ClassReportQuery = z.infer<typeof ClassReportQuery>;

/**
 * `GET /api/report/school/statistics` (docs/product.md "Calls", the observer): a school (`schoolId`, or
 * `canteenId`; every school of the organization when none) and the period.
 */
export const StatisticsQuery = z
  .object({
    schoolId: optionalQueryId(),
    canteenId: optionalQueryId(),
    dateFrom: requiredDate(M.dateFrom),
    dateTo: requiredDate(M.dateTo),
  })
  .superRefine(checkPeriod);
export type StatisticsQuery = z.infer<typeof StatisticsQuery>;

const counters = {
  parents_total: z.number().int(),
  students_total: z.number().int(),
  /** Of them, pupils with at least one parent in the app (ours). */
  students_with_parents_total: z.number().int(),
  students_with_susn_total: z.number().int(),
  servings_received_total: z.number().int(),
  servings_received: z.number().int(),
  /** The parents' ratings of the period's meals (ours): how many, and their average (null: none). */
  ratings_total: z.number().int(),
  rating_average: z.number().nullable(),
};

/**
 * docs/product.md "Entities": School statistics by docs/domain.md: parents who accepted an invitation to a pupil, pupils,
 * pupils in a social-wallet (`sw`) category, the portions due them (on their school's working
 * days their wallet dates cover: docs/rules.md "The school's year") and the portions they were served; per school and for all of them (`schools` of them).
 */
export const SchoolStatistics = z.object({
  schools: z.number().int(),
  ...counters,
  rows: z.array(z.object({ school: NamedRef, ...counters })),
});
export type SchoolStatistics = z.infer<typeof SchoolStatistics>;

/** The first and last day of a month given as `YYYY-MM`. */
export const monthBounds = (month: string): { from: string; to: string } => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
};

/**
 * `GET /api/report/school/social-wallet` (beyond the spec, for the education admin, the social
 * teacher, the observer and the kindergarten admin): the school (a school-locked user's own) and a
 * month, `YYYY-MM`; `export` asks for the .xlsx.
 */
export const WalletReportQuery = z.object({
  schoolId: optionalQueryId(),
  month: z
    .string({ error: M.month })
    .trim()
    .min(1, { error: M.month })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: M.badMonth }),
  export: flag(),
  token: z.string().max(4096).optional(),
});
export type WalletReportQuery = z.infer<typeof WalletReportQuery>;

/** A pupil's school day: a meal served, due and not served, or not due (outside their wallet dates). */
export const WalletMark = z.enum(['served', 'missed', 'none']);
export type WalletMark = z.infer<typeof WalletMark>;

/** Per school day of the month, in `days` order: entitled pupils, those served, the amount due (тг.). */
const walletDays = {
  entitled: z.array(z.number().int()),
  served: z.array(z.number().int()),
  amounts: z.array(z.string()),
  /** The month's: pupil-days due, served, and the amount due for those served. */
  due: z.number().int(),
  servedTotal: z.number().int(),
  amount: z.string(),
};

export const WalletPupil = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  /** The category's daily cost, тг. */
  cost: z.string(),
  marks: z.array(WalletMark),
  ...walletDays,
});
export type WalletPupil = z.infer<typeof WalletPupil>;

export const WalletClass = z.object({
  id: z.number().int(),
  name: z.string(),
  pupils: z.array(WalletPupil),
  ...walletDays,
});
export type WalletClass = z.infer<typeof WalletClass>;

/**
 * The social wallet reconciliation: for each working day of the school's month, the pupils due a
 * social-wallet meal (an `sw` category now, its wallet dates covering the day), whether each was
 * served, and the amount due for the meals served at the daily cost they were served at; per pupil,
 * per class and for the school.
 */
export const WalletReport = z.object({
  school: NamedRef,
  month: z.string(),
  days: z.array(z.string()),
  classes: z.array(WalletClass),
  ...walletDays,
});
export type WalletReport = z.infer<typeof WalletReport>;

/** A day of the period: `rows` maps a row's key (`reportRowKey`) to its portions that day. */
export const ReportDay = z.object({
  date: z.string(),
  /** As the grid's column shows it: dd.MM. */
  name: z.string(),
  rows: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export type ReportDay = z.infer<typeof ReportDay>;

/** A row of the fixation report: one person in one category (meal time), with their period total. */
export const ReportPerson = z.object({
  key: z.string(),
  id: z.number().int(),
  name: z.string(),
  classroomName: z.string().nullable(),
  categoryName: z.string(),
  categoryId: z.number().int().nullable(),
  paymentCard: z.string().nullable(),
  watchName: z.string().nullable(),
  total: z.number().int(),
});
export type ReportPerson = z.infer<typeof ReportPerson>;

/** docs/product.md "Entities": Fixation report: days with their cells, the rows (`users`) and the grand total. */
export const FixationReport = z.object({
  days: z.array(ReportDay),
  users: z.array(ReportPerson),
  total: z.number().int(),
});
export type FixationReport = z.infer<typeof FixationReport>;

/** A row of the category report: a class (none at a canteen) and a category, with its period total. */
export const ReportCategoryRow = z.object({
  key: z.string(),
  classroomId: z.number().int().nullable(),
  classroomName: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  total: z.number().int(),
});
export type ReportCategoryRow = z.infer<typeof ReportCategoryRow>;

/** docs/product.md "Entities": Category report: the rows (`categories`), the days with their cells, the grand total. */
export const CategoryReport = z.object({
  categories: z.array(ReportCategoryRow),
  days: z.array(ReportDay),
  total: z.number().int(),
});
export type CategoryReport = z.infer<typeof CategoryReport>;

/** A row's key in `days[].rows`: the person and the category (0 for none). */
export const reportRowKey = (userId: number, categoryId: number | null) => `${userId}_${categoryId ?? 0}`;

/** A category row's key in `days[].rows`: the class and the category (0 for none). */
export const categoryRowKey = (classroomId: number | null, categoryId: number | null) =>
  `${classroomId ?? 0}_${categoryId ?? 0}`;

/** Every calendar day from `from` to `to` (ISO dates), both included. */
export function periodDays(from: string, to: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i <= daysBetween(from, to); i++)
    out.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/** 2026-11-02 → 02.11 (the grid's column), and → 02.11.2026 with `year`. */
export const dayName = (iso: string, year = false) =>
  `${iso.slice(8, 10)}.${iso.slice(5, 7)}${year ? `.${iso.slice(0, 4)}` : ''}`;

/**
 * `GET /api/report/anomalies` (beyond the spec; admin, economist, education admin, observer,
 * kindergarten admin): the period, and a school (a school-locked user's own; all when none).
 */
export const AnomalyQuery = z
  .object({
    schoolId: optionalQueryId(),
    dateFrom: requiredDate(M.dateFrom),
    dateTo: requiredDate(M.dateTo),
  })
  .superRefine(checkPeriod);
export type AnomalyQuery = z.infer<typeof AnomalyQuery>;

const AnomalyPlace = z.object({ kind: z.enum(['school', 'canteen']), id: z.number().int(), name: z.string() });
const AnomalyPerson = z.object({ id: z.number().int(), name: z.string() });

/** One card scanned at two places within 10 minutes: a card lent, or two cards alike. */
export const CardTwice = z.object({
  card: z.string(),
  user: AnomalyPerson,
  first: z.object({ at: z.string(), place: AnomalyPlace }),
  second: z.object({ at: z.string(), place: AnomalyPlace }),
  /** Minutes between the two, rounded down. */
  minutes: z.number().int(),
});

/** A class with more visits on a day (in one meal time) than it has pupils. */
export const CrowdedClass = z.object({
  date: z.string(),
  school: NamedRef,
  classroom: AnomalyPerson,
  /** The meal time, when the organization has them. */
  category: z.string().nullable(),
  visits: z.number().int(),
  pupils: z.number().int(),
});

/** A visit marked by hand at a moment outside every meal time of the organization. */
export const ManualOutside = z.object({
  id: z.number().int(),
  at: z.string(),
  user: AnomalyPerson,
  place: AnomalyPlace,
  markedBy: z.string().nullable(),
});

export const AnomalyReport = z.object({
  cardTwice: z.array(CardTwice),
  crowdedClasses: z.array(CrowdedClass),
  manualOutside: z.array(ManualOutside),
  /** The first this many of each kind are listed, newest first. */
  limit: z.number().int(),
});
export type AnomalyReport = z.infer<typeof AnomalyReport>;
export const ANOMALIES_LISTED = 500;

const reportsEndpoint = endpointsOf('reports');
/** With `export=1` a report is its .xlsx: the same rows and totals. */
const asXlsx = xlsxFile('С export=1 — тот же отчёт в Excel (xlsx)');

export const REPORTS_ENDPOINTS = {
  canteen: reportsEndpoint('canteen', {
    query: CanteenReportQuery,
    answer: FixationReport,
    file: asXlsx,
    refusals: [404],
    access: rolesFor('/report/fixations'),
    summary: 'Отчёт столовой: люди × дни за период по категориям фиксации; export=1 — то же в Excel',
  }),
  byCategory: reportsEndpoint('byCategory', {
    query: CanteenReportQuery,
    answer: CategoryReport,
    file: asXlsx,
    refusals: [404],
    access: rolesFor('/report/category/fixations'),
    summary: 'Отчёт по категориям: категории фиксации × дни за период; export=1 — то же в Excel',
  }),
  school: reportsEndpoint('school', {
    query: SchoolReportQuery,
    answer: FixationReport,
    file: asXlsx,
    refusals: [404],
    access: rolesFor('/report/school/fixations'),
    summary: 'Отчёт по школе: ученики × дни за период (школа в canteenId); export=1 — то же в Excel',
  }),
  byClass: reportsEndpoint('byClass', {
    query: ClassReportQuery,
    answer: CategoryReport,
    file: asXlsx,
    refusals: [404],
    access: rolesFor('/report/school/classroom/fixations'),
    summary: 'Отчёт по классам: классы и категории питания × дни за период; export=1 — то же в Excel',
  }),
  wallet: reportsEndpoint('wallet', {
    query: WalletReportQuery,
    answer: WalletReport,
    file: asXlsx,
    refusals: [404],
    access: rolesFor('/report/school/social-wallet'),
    summary: 'Сверка социального кошелька за месяц: положено, получено, не получили, сумма; export=1 — Excel',
  }),
  anomalies: reportsEndpoint('anomalies', {
    query: AnomalyQuery,
    answer: AnomalyReport,
    refusals: [404],
    access: rolesFor('/report/anomalies'),
    summary:
      'Аномалии за период: карта в двух местах за 10 минут, визитов больше, чем учеников, ручные отметки вне времени питания',
  }),
  statistics: reportsEndpoint('statistics', {
    query: StatisticsQuery,
    answer: SchoolStatistics,
    refusals: [404],
    access: rolesFor('/report/school/statistics'),
    summary: 'Статистика школ за период: родители, ученики, соцкошелёк, положено и выдано порций',
  }),
};
