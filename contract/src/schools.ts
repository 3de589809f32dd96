import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { listOf, Ok, Paging } from './common.ts';
import { optionalBin } from './kz-id.ts';
import type { Role } from './roles.ts';
import { speaksKindergarten, type Wording } from './wording.ts';
import { nameBody, NameAnswer, someName } from './names.ts';
import { bodyId, id, optionalQueryId, optionalText, requiredText, z } from './zod.ts';

/** Schools (a kindergarten organization's "schools" are its kindergartens): docs/product.md "Schools", "Calls". */
export const School = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  region_id: z.number().int().nullable(),
  region: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  ...NameAnswer,
  number: z.string().nullable(),
  bin: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  city: z.string().nullable(),
  created_at: z.string(),
});
export type School = z.infer<typeof School>;

export const SchoolListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  /** The super admin's filter; ignored for everybody else (their own organization). */
  organizationId: optionalQueryId(),
});
export type SchoolListQuery = z.infer<typeof SchoolListQuery>;
export const SchoolList = listOf(School);
export type SchoolList = z.infer<typeof SchoolList>;

const schoolFields = {
  region_id: bodyId(),
  /** The Russian name and the Kazakh one: at least one on a create; left out of an update, it stays. */
  ...nameBody(255),
  number: optionalText(50),
  bin: optionalBin(),
  address: requiredText(500),
  description: optionalText(2000, { lines: true }),
  city: requiredText(255),
  /** Only the super admin names the organization; others create in their own. */
  organization_id: bodyId().nullish(),
};

export const SchoolCreate = z.object(schoolFields).refine(...someName);
export type SchoolCreate = z.infer<typeof SchoolCreate>;

export const SchoolUpdate = z.object({ ...schoolFields, id: bodyId() });
export type SchoolUpdate = z.infer<typeof SchoolUpdate>;

/** The turnstile connection of a school, shown read-only (docs/product.md "Schools"). */
export const SchoolSettings = z.object({
  server: z.string().nullable(),
  port: z.number().int().nullable(),
  database: z.string().nullable(),
  user: z.string().nullable(),
  password: z.string().nullable(),
});
export type SchoolSettings = z.infer<typeof SchoolSettings>;

export const SchoolIdParams = z.object({ id: id() });

const SCHOOL_MESSAGES_RU = {
  notFound: 'Школа не найдена',
  hasClassrooms: 'Нельзя удалить школу, в которой есть классы: сначала удалите или перенесите их',
  hasUsers: 'Нельзя удалить школу, к которой привязаны пользователи',
  hasHistory: 'Нельзя удалить школу, по которой есть история питания',
  hasLibrary: 'Нельзя удалить школу, в которой есть библиотека: категории книг или книги',
  regionNotFound: 'Регион не найден',
  lockedCreate: 'Ваш профиль привязан к одной школе: создавать школы может только администратор организации',
  lockedDelete: 'Ваш профиль привязан к одной школе: удалять школы может только администратор организации',
} as const;
const SCHOOL_MESSAGES_KK: Wording<typeof SCHOOL_MESSAGES_RU> = {
  notFound: 'Мектеп табылмады',
  hasClassrooms: 'Сыныптары бар мектепті жою мүмкін емес: алдымен оларды жойыңыз немесе ауыстырыңыз',
  hasUsers: 'Пайдаланушылар байланыстырылған мектепті жою мүмкін емес',
  hasHistory: 'Тамақтану тарихы бар мектепті жою мүмкін емес',
  hasLibrary: 'Кітапханасы бар мектепті жою мүмкін емес: кітап санаттары немесе кітаптар бар',
  regionNotFound: 'Өңір табылмады',
  lockedCreate: 'Сіздің профиліңіз бір мектепке байланыстырылған: мектептерді тек ұйым әкімшісі құра алады',
  lockedDelete: 'Сіздің профиліңіз бір мектепке байланыстырылған: мектептерді тек ұйым әкімшісі жоя алады',
};
export const SCHOOL_MESSAGES = withKazakh(SCHOOL_MESSAGES_RU, SCHOOL_MESSAGES_KK);

/** The same messages for a kindergarten admin, whose schools are kindergartens and classes groups. */
export const SCHOOL_MESSAGES_KINDERGARTEN: Wording<typeof SCHOOL_MESSAGES> = withKazakh<
  Wording<typeof SCHOOL_MESSAGES>
>(
  {
    ...SCHOOL_MESSAGES,
    notFound: 'Детский сад не найден',
    hasClassrooms: 'Нельзя удалить детский сад, в котором есть группы: сначала удалите или перенесите их',
    hasUsers: 'Нельзя удалить детский сад, к которому привязаны пользователи',
    hasHistory: 'Нельзя удалить детский сад, по которому есть история питания',
    hasLibrary: 'Нельзя удалить детский сад, в котором есть библиотека: категории книг или книги',
    lockedCreate:
      'Ваш профиль привязан к одному детскому саду: создавать детские сады может только администратор организации',
    lockedDelete:
      'Ваш профиль привязан к одному детскому саду: удалять детские сады может только администратор организации',
  },
  {
    ...SCHOOL_MESSAGES_KK,
    notFound: 'Балабақша табылмады',
    hasClassrooms: 'Топтары бар балабақшаны жою мүмкін емес: алдымен оларды жойыңыз немесе ауыстырыңыз',
    hasUsers: 'Пайдаланушылар байланыстырылған балабақшаны жою мүмкін емес',
    hasHistory: 'Тамақтану тарихы бар балабақшаны жою мүмкін емес',
    hasLibrary: 'Кітапханасы бар балабақшаны жою мүмкін емес: кітап санаттары немесе кітаптар бар',
    lockedCreate: 'Сіздің профиліңіз бір балабақшаға байланыстырылған: балабақшаларды тек ұйым әкімшісі құра алады',
    lockedDelete: 'Сіздің профиліңіз бір балабақшаға байланыстырылған: балабақшаларды тек ұйым әкімшісі жоя алады',
  },
);

export const schoolMessages = (role: Role | null | undefined): Wording<typeof SCHOOL_MESSAGES> =>
  speaksKindergarten(role) ? SCHOOL_MESSAGES_KINDERGARTEN : SCHOOL_MESSAGES;

/** Many screens pick a school (fixation, cashbox, reports, library): all of them may read the list. */
export const SCHOOL_READ_ROLES: readonly Role[] = [
  'EducationAdmin',
  'EducationKindergartenAdmin',
  'EducationSocialTeacher',
  'EducationCashier',
  'EducationObserver',
  'EducationLibrarian',
  'SuperAdmin',
];

const schoolsEndpoint = endpointsOf('schools');
const schoolsAccess = rolesFor('/school/create');

export const SCHOOLS_ENDPOINTS = {
  list: schoolsEndpoint('list', {
    query: SchoolListQuery,
    answer: SchoolList,
    access: SCHOOL_READ_ROLES,
    summary: 'Школы (детские сады) организации: поиск по названию на обоих языках, номеру, городу и адресу',
  }),
  get: schoolsEndpoint('get', {
    params: SchoolIdParams,
    answer: School,
    refusals: [404],
    access: SCHOOL_READ_ROLES,
    summary: 'Школа',
  }),
  settings: schoolsEndpoint('settings', {
    params: SchoolIdParams,
    answer: SchoolSettings,
    refusals: [404],
    access: rolesFor('/school/:id/settings'),
    summary: 'Настройки подключения турникета школы (только чтение)',
  }),
  create: schoolsEndpoint('create', {
    body: SchoolCreate,
    answer: School,
    access: schoolsAccess,
    summary: 'Новая школа в своей организации',
  }),
  update: schoolsEndpoint('update', {
    body: SchoolUpdate,
    answer: School,
    refusals: [404],
    access: schoolsAccess,
    summary: 'Изменить школу',
  }),
  remove: schoolsEndpoint('remove', {
    params: SchoolIdParams,
    answer: Ok,
    refusals: [404, 409],
    access: schoolsAccess,
    summary: 'Удалить школу без классов, пользователей и истории питания',
  }),
};
