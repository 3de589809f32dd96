import { ALLERGEN_NAMES, ALLERGENS, type Allergen } from './allergens.ts';
import { NameAnswer, NamedRef } from './names.ts';
import { translate, withKazakh } from './languages.ts';
import { ErrorBody } from './errors.ts';
import { listOf, LiveTicket, Ok, Paging } from './common.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { bodyId, id, msg, optionalQueryId, z } from './zod.ts';

/**
 * Recording visits (docs/product.md "Scanning at a canteen", "Scanning at a school", "Manual fixation", "Calls"; docs/domain.md "Recording a visit"). `cardId` is the scanned
 * code, not a database id: the seed's client sends what the scanner typed.
 */
/** A dish as a message names it: the Russian name and the Kazakh one where given. */
interface DishNames {
  name: string;
  name_kk: string | null;
}

export const FIXATION_MESSAGES = withKazakh(
  {
    cardNotFound: 'Карта не найдена',
    cardNotLinked: 'Карта не привязана',
    noCategoryNow: 'Сейчас нет категории питания по расписанию',
    notMealTime: (name: string, from: string) => `Сейчас не время питания. Следующее: «${name}» с ${from}`,
    mealsOver: (name: string, from: string) => `Питание на сегодня закончилось. Первое завтра: «${name}» с ${from}`,
    categoryNotFound: 'Категория не найдена',
    canteenNotFound: 'Столовая не найдена',
    schoolNotFound: 'Школа не найдена',
    notWatchDay: 'Сегодня не день вахты: питание по графику не положено',
    notPupil: 'Карта не принадлежит ученику этой школы',
    noFoodCategory: 'У ученика нет категории питания: питание не положено',
    repeat: (time: string) => `Уже получил(а) питание сегодня в ${time}`,
    restrictedRefused: (allergens: readonly Allergen[], dishes: readonly DishNames[]) =>
      `Ребёнку нельзя: ${allergens.map((a) => ALLERGEN_NAMES[a]).join(', ')}. В меню сегодня: ${dishes
        .map((d) => d.name)
        .join(', ')}. Питание не отмечено`,
    scannedAtFuture: 'Время сканирования в будущем: проверьте часы компьютера',
    scannedAtOld: 'Скан старше 24 часов: такой проход не записывается',
    visitNotFound: 'Посещение не найдено',
    badScannedAt: 'Неверное время сканирования',
  } as const,
  {
    cardNotFound: 'Карта табылмады',
    cardNotLinked: 'Карта ешкімге байланыстырылмаған',
    noCategoryNow: 'Қазір кесте бойынша тамақтану санаты жоқ',
    notMealTime: (name: string, from: string) => `Қазір тамақтану уақыты емес. Келесісі: «${name}», басталуы ${from}`,
    mealsOver: (name: string, from: string) =>
      `Бүгінгі тамақтану аяқталды. Ертеңгі алғашқысы: «${name}», басталуы ${from}`,
    categoryNotFound: 'Санат табылмады',
    canteenNotFound: 'Асхана табылмады',
    schoolNotFound: 'Мектеп табылмады',
    notWatchDay: 'Бүгін вахта күні емес: кесте бойынша тамақ берілмейді',
    notPupil: 'Карта осы мектептің оқушысына тиесілі емес',
    noFoodCategory: 'Оқушының тамақтану санаты жоқ: тамақ берілмейді',
    repeat: (time: string) => `Бүгін ${time}-де тамақ алып қойған`,
    restrictedRefused: (allergens: readonly Allergen[], dishes: readonly DishNames[]) =>
      `Балаға болмайды: ${allergens.map((a) => translate(ALLERGEN_NAMES[a], 'kk')).join(', ')}. Бүгінгі мәзірде: ${dishes
        .map((d) => d.name_kk ?? d.name)
        .join(', ')}. Тамақ белгіленбеді`,
    scannedAtFuture: 'Сканерлеу уақыты болашақта: компьютердің сағатын тексеріңіз',
    scannedAtOld: 'Скан 24 сағаттан ескі: мұндай өту жазылмайды',
    visitNotFound: 'Келу табылмады',
    badScannedAt: 'Сканерлеу уақыты қате',
  },
);

/** A scan that waited offline carries when it happened; at most this old, never ahead of the server. */
export const SCANNED_AT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const SCANNED_AT_MAX_SKEW_MS = 2 * 60 * 1000;
/** The same card again within this window answers 429 (the web ignores it: a double beep, not a meal). */
export const REPEAT_SCAN_WINDOW_MS = 3000;

const scannedCode = () =>
  z
    .string({ error: msg.required })
    .max(1000, { error: FIXATION_MESSAGES.cardNotFound })
    .transform((v) => v.replace(/[\r\n]+/g, '').trim())
    .pipe(z.string().min(1, { error: msg.required }));

const scannedAt = () => z.iso.datetime({ offset: true, error: FIXATION_MESSAGES.badScannedAt }).nullish();

export const CanteenFixationCreate = z.object({
  cardId: scannedCode(),
  canteenId: bodyId(),
  /** Only an admin may choose; for everybody else the category of the current time applies. */
  fixationCategoryId: bodyId().nullish(),
  scannedAt: scannedAt(),
});
export type CanteenFixationCreate = z.infer<typeof CanteenFixationCreate>;

export const SchoolFixationCreate = z.object({
  cardId: scannedCode(),
  schoolId: bodyId(),
  scannedAt: scannedAt(),
});
export type SchoolFixationCreate = z.infer<typeof SchoolFixationCreate>;

/** The live list of a school's visits: the id is bounded like every id, so 2^31 is a 422, not a database error. */
export const SchoolFixationSubscribe = z.object({ schoolId: bodyId() });
export type SchoolFixationSubscribe = z.infer<typeof SchoolFixationSubscribe>;

const Ref = z.object({ id: z.number().int(), name: z.string() });

/** One visit as the history and the live list show it. */
export const Fixation = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    job_title: z.string().nullable(),
    image: z.object({ url: z.string() }).nullable(),
  }),
  classroom: NamedRef.nullable(),
  category: Ref.nullable(),
  school_id: z.number().int().nullable(),
  canteen_id: z.number().int().nullable(),
  count: z.number().int(),
});
export type Fixation = z.infer<typeof Fixation>;

/**
 * A scan's answer: the visit, and when the pupil's restrictions meet a dish of the school's free menu
 * of the day, the allergens met and the dishes holding them (docs/rules.md "Restrictions and
 * allergens"): the visit is recorded and the green card warns.
 */
export const ScannedFixation = Fixation.extend({
  restricted: z
    .object({
      allergens: z.array(z.enum(ALLERGENS)),
      dishes: z.array(NamedRef),
    })
    .optional(),
});
export type ScannedFixation = z.infer<typeof ScannedFixation>;

/**
 * A refused scan (409) whose card has a holder: who it is, so the counter sees the person and
 * their photo, not only the card number.
 */
export const ScanRefusal = ErrorBody.extend({
  person: Fixation.shape.user.extend({ classroom: NamedRef.nullable() }).optional(),
});
export type ScanRefusal = z.infer<typeof ScanRefusal>;

export const CanteenFixationListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  canteenId: optionalQueryId(),
  fixationCategoryId: optionalQueryId(),
});
export const SchoolFixationListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  schoolId: optionalQueryId(),
});
export const FixationList = listOf(Fixation);
export type FixationList = z.infer<typeof FixationList>;

export const FixationIdParams = z.object({ id: id() });

/**
 * «Сегодня: N из M» on a scanning screen: `fed`, the people with a visit there today (the
 * organization's day); `total`, who may eat there today — a school's live pupils with a food category,
 * or a canteen organization's live card holders without a role whose watch (if any) includes today.
 */
export const TodayCount = z.object({ fed: z.number().int(), total: z.number().int() });
export type TodayCount = z.infer<typeof TodayCount>;
export const SchoolTodayQuery = z.object({ schoolId: id() });

/**
 * The pace of a school's queue: the scans (visits not marked by hand) of the last minute and of
 * the last 10 minutes, and the class being served: the run of latest scans of one class, while its
 * last scan is under 10 minutes old — since its first scan, how many, and how many pupils it has.
 */
export const SchoolPace = z.object({
  lastMinute: z.number().int(),
  lastTenMinutes: z.number().int(),
  currentClass: z
    .object({
      id: z.number().int(),
      ...NameAnswer,
      since: z.string(),
      last: z.string(),
      scans: z.number().int(),
      pupils: z.number().int(),
    })
    .nullable(),
  /** The server's time of the answer: the screen counts the class's time from it. */
  at: z.string(),
});
export type SchoolPace = z.infer<typeof SchoolPace>;
export const CanteenTodayQuery = z.object({ canteenId: id() });

export const CurrentCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  time_start: z.string(),
  time_finish: z.string(),
});

const fixationsEndpoint = endpointsOf('fixations');
const SCHOOL_SCREEN = rolesFor('/school/fixation');
const CANTEEN_SCREEN = rolesFor('/fixation');
/** A school's visits are deleted by its education admin, a kindergarten's by its admin. */
const SCHOOL_DELETE = ['EducationAdmin', 'EducationKindergartenAdmin'] as const;

export const FIXATIONS_ENDPOINTS = {
  recordCanteen: fixationsEndpoint('recordCanteen', {
    body: CanteenFixationCreate,
    answer: Fixation,
    refusals: { 404: ErrorBody, 409: ScanRefusal },
    access: CANTEEN_SCREEN,
    summary: 'Записать посещение столовой по карте',
  }),
  recordSchool: fixationsEndpoint('recordSchool', {
    body: SchoolFixationCreate,
    answer: ScannedFixation,
    refusals: { 404: ErrorBody, 409: ScanRefusal },
    access: SCHOOL_SCREEN,
    summary: 'Записать питание ученика по карте',
  }),
  list: fixationsEndpoint('list', {
    query: CanteenFixationListQuery,
    answer: FixationList,
    access: CANTEEN_SCREEN,
    summary: 'История посещений столовой',
  }),
  schoolList: fixationsEndpoint('schoolList', {
    query: SchoolFixationListQuery,
    answer: FixationList,
    access: SCHOOL_SCREEN,
    summary: 'Питание учеников школы',
  }),
  canteenToday: fixationsEndpoint('canteenToday', {
    query: CanteenTodayQuery,
    answer: TodayCount,
    access: CANTEEN_SCREEN,
    summary: 'Сегодня: сколько поели из тех, кому положено (столовая)',
  }),
  schoolToday: fixationsEndpoint('schoolToday', {
    query: SchoolTodayQuery,
    answer: TodayCount,
    access: SCHOOL_SCREEN,
    summary: 'Сегодня: сколько учеников поели из тех, кому положено',
  }),
  schoolPace: fixationsEndpoint('schoolPace', {
    query: SchoolTodayQuery,
    answer: SchoolPace,
    access: SCHOOL_SCREEN,
    summary: 'Темп очереди: сканов за минуту и за 10 минут, текущий класс и его время',
  }),
  remove: fixationsEndpoint('remove', {
    params: FixationIdParams,
    answer: Ok,
    refusals: [404],
    access: CANTEEN_SCREEN,
    summary: 'Удалить посещение столовой',
  }),
  schoolRemove: fixationsEndpoint('schoolRemove', {
    params: FixationIdParams,
    answer: Ok,
    refusals: [404],
    access: SCHOOL_DELETE,
    summary: 'Удалить питание ученика',
  }),
  subscribe: fixationsEndpoint('subscribe', {
    body: SchoolFixationSubscribe,
    answer: LiveTicket,
    access: SCHOOL_SCREEN,
    summary: 'Подписка на живой список питания школы',
  }),
};
