import { withKazakh } from './languages.ts';
import { listOf, Ok, Paging } from './common.ts';
import { endpointsOf, xlsxFile } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { IMPORT_FIELD, ImportResult } from './imports.ts';
import { ID_MESSAGES, optionalIin } from './kz-id.ts';
import { Image } from './profile.ts';
import { ROLES } from './role-list.ts';
import { Role, roleById } from './roles.ts';
import { speaksKindergarten, type Wording } from './wording.ts';
import { NamedRef } from './names.ts';
import { bodyId, id, msg, optionalQueryId, optionalText, queryFlag, requiredText, z } from './zod.ts';

/**
 * Users and pupils (docs/product.md "Users", "User form", "Pupils", "Calls"). A pupil is a user with a classroom and, usually, no role.
 * `GET /api/user/{id}` answers `User`; the list rows add what the tables show.
 */
export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  job_title: z.string().nullable(),
  iin: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
  role_id: z.number().int().nullable(),
  /** The token role name (`Admin`, `EducationAdmin`...), or null for a pupil or an employee without sign-in. */
  role: Role.nullable(),
  image_id: z.number().int().nullable(),
  image: Image.nullable(),
  watch_id: z.number().int().nullable(),
  organization_id: z.number().int().nullable(),
  school_id: z.number().int().nullable(),
  classroom_id: z.number().int().nullable(),
  region_id: z.number().int().nullable(),
  food_category_id: z.number().int().nullable(),
  /** `YYYY-MM-DD`, the day the pupil's category became a social wallet one. */
  social_wallet_set_date: z.string().nullable(),
  /** `YYYY-MM-DD`, the day the pupil's category stopped being a social wallet one. */
  social_wallet_reset_date: z.string().nullable(),
  /** `YYYY-MM-DD`, the wallet's last day as the list gives it (the day before the reset date). */
  social_wallet_to: z.string().nullable(),
  /** The number of the order that put the pupil in the social wallet. */
  social_wallet_order: z.string().nullable(),
});
export type User = z.infer<typeof User>;

export const FoodCategoryType = z.enum(['sw', 'common']);

export const UserRow = User.extend({
  foodCategory: z.object({ id: z.number().int(), name: z.string(), type: FoodCategoryType }).nullable(),
  region: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  school: NamedRef.extend({ bin: z.string().nullable() }).nullable(),
  classroom: NamedRef.nullable(),
  cards_count: z.number().int(),
});
export type UserRow = z.infer<typeof UserRow>;

const flag = queryFlag;

export const UserListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  /** The super admin's filter; everybody else sees their own organization. */
  organizationId: optionalQueryId(),
  /** Class context: the pupils of one class, searched by name only. */
  classroomId: optionalQueryId(),
  schoolId: optionalQueryId(),
  /** Only pupils (users with a class), searched by name, IIN or card number. */
  isPupils: flag(),
  /** People with this role, or `none`: those without one (pupils, staff who do not sign in). */
  role: z.enum([...ROLES, 'none'], { error: 'Неизвестная роль' }).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;
export const UserList = listOf(UserRow);
export type UserList = z.infer<typeof UserList>;

/** An optional e-mail: empty means none; anything else must be an address (stored lower-cased). */
const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, { error: msg.tooLong(254) })
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : v === '' ? null : v))
    .refine((v) => v === null || v === undefined || z.email().safeParse(v).success, { error: msg.email });

/** Empty means "not given" (the web does not send an empty password). */
const optionalPassword = () =>
  z
    .string()
    .max(128, { error: msg.tooLong(128) })
    .nullish()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 8, { error: msg.passwordShort });

const optionalId = () => bodyId().nullish();

/** What the social wallet's dates answer (the user messages' own, defined before the fields that use them). */
const WALLET_RU = {
  walletDate: 'Укажите дату в виде ДД.ММ.ГГГГ',
  walletOrder: 'Окончание не может быть раньше начала',
  walletFromFuture: 'Начало — не позже сегодняшнего дня: будущей может быть только дата окончания',
  walletOnlySw: 'Даты социального кошелька указываются только для его категории питания',
} as const;

/** A social wallet date as the list gives it: 'YYYY-MM-DD'; '' or null clears it. */
const walletDate = () =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: WALLET_RU.walletDate })
      .trim()
      .pipe(z.iso.date({ error: WALLET_RU.walletDate }))
      .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', { error: WALLET_RU.walletDate })
      .nullable()
      .optional(),
  );

/**
 * The social wallet's period (docs/rules.md "The social wallet's dates"): its first day, its last
 * day (included; none: until the category changes) and the order's number. The end may not come
 * before the start; the start may not be in the future (the server knows the organization's today).
 */
const walletFields = {
  social_wallet_from: walletDate(),
  social_wallet_to: walletDate(),
  social_wallet_order: optionalText(60).optional(),
};
const checkWallet = (
  v: { social_wallet_from?: string | null; social_wallet_to?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (v.social_wallet_from && v.social_wallet_to && v.social_wallet_to < v.social_wallet_from)
    ctx.addIssue({ code: 'custom', path: ['social_wallet_to'], message: WALLET_RU.walletOrder });
};

const roleIdSchema = () =>
  bodyId()
    .refine((v) => roleById(v) !== undefined, { error: 'Неизвестная роль' })
    .nullish();

/**
 * The fields of the user form. On create an absent field is empty; on update an absent field keeps
 * its value and `null` clears it (the web leaves out an empty e-mail and password).
 */
const userFields = {
  name: requiredText(255),
  iin: optionalIin().optional(),
  email: optionalEmail(),
  password: optionalPassword(),
  job_title: optionalText(255).optional(),
  role_id: roleIdSchema(),
  school_id: optionalId(),
  classroom_id: optionalId(),
  food_category_id: optionalId(),
  watch_id: optionalId(),
  region_id: optionalId(),
  image_id: optionalId(),
  /** Only the super admin names the organization; others always write into their own. */
  organization_id: optionalId(),
  ...walletFields,
};

export const UserCreate = z.object(userFields).superRefine((v, ctx) => {
  checkWallet(v, ctx);
  if (v.role_id) {
    if (!v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: USER_MESSAGES.emailForRole });
    if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: USER_MESSAGES.passwordForRole });
  }
});
export type UserCreate = z.infer<typeof UserCreate>;

export const UserUpdate = z
  .object({ id: bodyId(), ...userFields, name: requiredText(255).optional() })
  .superRefine(checkWallet);
export type UserUpdate = z.infer<typeof UserUpdate>;

export const UserIdParams = z.object({ id: id() });

/** Query of the import: the school and class the rows go to; the super admin names the organization. */
/**
 * What an import does with a row that matches a person already there (by IIN; else the same name in
 * the same class, or for an employee the same name and job title): `update` them (the default),
 * `create` a new person unless the IIN matched, or `check`: write nothing and answer what would be
 * done, with the matched rows listed.
 */
export const USER_IMPORT_MODES = ['update', 'create', 'check'] as const;
export type UserImportMode = (typeof USER_IMPORT_MODES)[number];

/**
 * Which rows an import writes: `all` of them or none (the default: one bad row refuses the file), or
 * the `valid` ones, leaving out each row with a problem (listed in `skipped`, and downloadable with
 * its reason from `rejectedRows`). A check (`mode=check`) answers what the valid rows would do either way.
 */
export const USER_IMPORT_ROWS = ['all', 'valid'] as const;

export const UserUploadQuery = z.object({
  schoolId: optionalQueryId(),
  classroomId: optionalQueryId(),
  organizationId: optionalQueryId(),
  mode: z.enum(USER_IMPORT_MODES).default('update'),
  rows: z.enum(USER_IMPORT_ROWS).default('all'),
});
export type UserUploadQuery = z.infer<typeof UserUploadQuery>;

/** A row of the file that matches a person already there: how, and who (class or job title). */
export const UserImportMatch = z.object({
  line: z.number().int(),
  name: z.string(),
  by: z.enum(['iin', 'name']),
  /** The existing person's class, else job title. */
  place: z.string().nullable(),
});
export type UserImportMatch = z.infer<typeof UserImportMatch>;

/**
 * With `mode=check`, `matches` lists the rows that would update someone (the first 200), and the
 * counts are what the valid rows would do. A check, or a write of the `valid` rows, says how many rows
 * have a problem (`rejected_rows`); the check lists them in `rejected`, the write in `skipped`.
 */
export const UserImportResult = ImportResult.extend({
  matches: z.array(UserImportMatch).optional(),
  rejected_rows: z.number().int().optional(),
  rejected: z.array(z.string()).optional(),
});
export type UserImportResult = z.infer<typeof UserImportResult>;

/** The multipart body, for the API documentation: the file is read from the stream, not validated here. */
export const UserUploadBody = z
  .object({
    [IMPORT_FIELD]: z
      .unknown()
      .optional()
      .meta({ type: 'string', format: 'binary', description: 'Таблица Excel (xlsx или xls)' }),
  })
  .meta({ required: [IMPORT_FIELD] });

/** The template link carries the token in the query: a browser download cannot send a header. */
export const UserTemplateQuery = z.object({
  token: z.string().max(4096).optional(),
  /** The super admin's chosen organization: a kindergarten one gets the kindergarten's words. */
  organizationId: optionalQueryId(),
});
export type UserTemplateQuery = z.infer<typeof UserTemplateQuery>;

/** At most this many pupils take a food category in one request (a big school's year). */
export const BULK_CATEGORY_MAX = 3000;

/**
 * One food category (or none) for many pupils at once, in one transaction; with `check` nothing is
 * written and the answer says what would change.
 */
export const BulkFoodCategory = z
  .object({
    userIds: z
      .array(bodyId())
      .min(1, { error: 'Выберите учеников' })
      .max(BULK_CATEGORY_MAX, { error: `Не больше ${BULK_CATEGORY_MAX} учеников за раз` }),
    food_category_id: bodyId().nullable(),
    check: z.boolean().default(false),
    /** The period of the wallets it begins or keeps (a list that reached the school late). */
    ...walletFields,
  })
  .superRefine(checkWallet);
export type BulkFoodCategory = z.infer<typeof BulkFoodCategory>;

/** What a bulk change did (or would do): pupils changed, already so, and social wallets begun or ended. */
export const BulkFoodCategoryResult = z.object({
  changed: z.number().int(),
  unchanged: z.number().int(),
  walletStarted: z.number().int(),
  walletEnded: z.number().int(),
});
export type BulkFoodCategoryResult = z.infer<typeof BulkFoodCategoryResult>;

/** The pupils of a school or of a class as .xlsx (a link: the token rides in the query). */
export const UserExportQuery = z.object({
  schoolId: optionalQueryId(),
  classroomId: optionalQueryId(),
  token: z.string().max(4096).optional(),
});
export type UserExportQuery = z.infer<typeof UserExportQuery>;

/** The pupils' export: its sheet, columns and heading, in a school's or a kindergarten's words. */
export const PUPIL_EXPORT = withKazakh(
  {
    school: {
      sheet: 'Ученики',
      columns: ['№', 'ФИО', 'ИИН', 'Школа', 'Класс', 'Категория питания', 'Карты'],
      title: (school: string, classroom: string | null) =>
        `Ученики: ${school}${classroom ? `, класс ${classroom}` : ''}`,
      asOf: (date: string) => `На ${date}`,
      file: (school: string, classroom: string | null) => `Ученики ${school}${classroom ? ` ${classroom}` : ''}.xlsx`,
      chooseSchool: 'Выберите школу или класс',
    },
    kindergarten: {
      sheet: 'Дети',
      columns: ['№', 'ФИО', 'ИИН', 'Детский сад', 'Группа', 'Категория питания', 'Карты'],
      title: (school: string, classroom: string | null) => `Дети: ${school}${classroom ? `, группа ${classroom}` : ''}`,
      asOf: (date: string) => `На ${date}`,
      file: (school: string, classroom: string | null) => `Дети ${school}${classroom ? ` ${classroom}` : ''}.xlsx`,
      chooseSchool: 'Выберите детский сад или группу',
    },
  } as const,
  {
    school: {
      sheet: 'Оқушылар',
      columns: ['№', 'Аты-жөні', 'ЖСН', 'Мектеп', 'Сынып', 'Тамақтану санаты', 'Карталар'],
      title: (school: string, classroom: string | null) =>
        `Оқушылар: ${school}${classroom ? `, ${classroom} сыныбы` : ''}`,
      asOf: (date: string) => `${date} жағдай бойынша`,
      file: (school: string, classroom: string | null) => `Оқушылар ${school}${classroom ? ` ${classroom}` : ''}.xlsx`,
      chooseSchool: 'Мектепті немесе сыныпты таңдаңыз',
    },
    kindergarten: {
      sheet: 'Балалар',
      columns: ['№', 'Аты-жөні', 'ЖСН', 'Балабақша', 'Топ', 'Тамақтану санаты', 'Карталар'],
      title: (school: string, classroom: string | null) =>
        `Балалар: ${school}${classroom ? `, ${classroom} тобы` : ''}`,
      asOf: (date: string) => `${date} жағдай бойынша`,
      file: (school: string, classroom: string | null) => `Балалар ${school}${classroom ? ` ${classroom}` : ''}.xlsx`,
      chooseSchool: 'Балабақшаны немесе топты таңдаңыз',
    },
  },
);

/** The same columns as a Kazakh template heads them; the import takes them as well. */
export const USER_IMPORT_COLUMNS_KK = {
  name: 'Аты-жөні',
  iin: 'ЖСН',
  classroom: 'Сынып',
  foodCategory: 'Тамақтану санаты',
  jobTitle: 'Лауазымы',
  walletFrom: 'Әлеуметтік әмиян басталуы',
  walletTo: 'Әлеуметтік әмиян аяқталуы',
  card: 'Карта нөмірі',
} as const;
export const USER_IMPORT_GROUP_COLUMN_KK = 'Топ';

/** Columns of the import file, as the template spells them. */
export const USER_IMPORT_COLUMNS = withKazakh(
  {
    name: 'ФИО',
    iin: 'ИИН',
    classroom: 'Класс',
    foodCategory: 'Категория питания',
    jobTitle: 'Должность',
    walletFrom: 'Соцкошелёк с',
    walletTo: 'Соцкошелёк по',
    card: 'Номер карты',
  } as const,
  USER_IMPORT_COLUMNS_KK,
);

/** The class column as a kindergarten's template spells it; the import takes either title. */
export const USER_IMPORT_GROUP_COLUMN = withKazakh({ group: 'Группа' } as const, {
  group: USER_IMPORT_GROUP_COLUMN_KK,
}).group;

/**
 * Which roles a caller may give (and so which users they may edit or delete: one whose current role
 * they could give). `null` is "no role" (a pupil or an employee who does not sign in).
 */
export const GRANTABLE_ROLES: Record<Role, readonly (Role | null)[]> = {
  SuperAdmin: [
    'SuperAdmin',
    'Admin',
    'Cashier',
    'Economist',
    'EducationKindergartenAdmin',
    'EducationAdmin',
    'EducationLibrarian',
    'EducationCashier',
    'EducationSocialTeacher',
    'EducationObserver',
    null,
  ],
  Admin: ['Admin', 'Cashier', 'Economist', null],
  // `Student`: a pupil of a class who signs in (their own meals and their rating of them).
  EducationAdmin: [
    'EducationAdmin',
    'EducationCashier',
    'EducationSocialTeacher',
    'EducationObserver',
    'EducationLibrarian',
    'Student',
    null,
  ],
  EducationKindergartenAdmin: [
    'EducationKindergartenAdmin',
    'EducationCashier',
    'EducationSocialTeacher',
    'EducationObserver',
    null,
  ],
  EducationSocialTeacher: [null],
  Cashier: [],
  Economist: [],
  EducationLibrarian: [],
  EducationCashier: [],
  EducationObserver: [],
  Parent: [],
  Student: [],
};

export const canGrant = (caller: Role, role: Role | null): boolean => GRANTABLE_ROLES[caller].includes(role);

/**
 * A social teacher works with pupils only (the route map gives them only the class screens): a user
 * without a class is "not found" for them, and everything they create or import gets a class.
 */
export const worksWithPupilsOnly = (caller: Role): boolean => caller === 'EducationSocialTeacher';

const USER_MESSAGES_RU = {
  notFound: 'Пользователь не найден',
  classroomNotFound: 'Класс не найден',
  classroomRequired: 'Выберите класс: социальный педагог работает только с учениками классов',
  schoolNotFound: 'Школа не найдена',
  foodCategoryNotFound: 'Категория питания не найдена',
  notAllPupils: 'Категорию питания можно назначить только ученикам',
  watchNotFound: 'Вахта не найдена',
  regionNotFound: 'Регион не найден',
  imageNotFound: 'Изображение не найдено',
  organizationRequired: 'Выберите организацию',
  organizationNotFound: 'Организация не найдена',
  roleNotAllowed: 'Эту роль вы назначить не можете',
  studentInClass: 'Вход ученика даётся только ученику класса',
  emailForRole: 'Укажите e-mail: с ним пользователь входит в систему',
  passwordForRole: 'Укажите пароль: с ним пользователь входит в систему',
  emailTaken: 'Пользователь с таким e-mail уже есть',
  iinTaken: 'Ученик с таким ИИН уже есть',
  iin: ID_MESSAGES.iin,
  editForbidden: 'Недостаточно прав: этого пользователя может изменить только администратор с его ролью',
  deleteSelf: 'Нельзя удалить самого себя. Чтобы удалить свой аккаунт, откройте страницу /profile/remove',
  ...WALLET_RU,
  imports: {
    nameRequired: 'не указано ФИО',
    badIin: 'неверный ИИН',
    duplicateIin: (line: number) => `ИИН уже встречается в строке ${line}`,
    unknownClassroom: (name: string, valid: string) => `класс «${name}» не найден; есть: ${valid}`,
    ambiguousClassroom: (name: string) => `класс «${name}» есть в нескольких школах: выберите школу`,
    unknownCategory: (name: string, valid: string) => `категория питания «${name}» не найдена; есть: ${valid}`,
    badWalletDate: (title: string, text: string) => `«${title}»: «${text}» — не дата (ДД.ММ.ГГГГ)`,
    walletOrder: 'соцкошелёк кончается раньше, чем начинается',
    walletFromFuture: 'соцкошелёк не может начинаться в будущем',
    walletOnlySw: 'даты соцкошелька указаны для категории, которая не соцкошелёк',
    iinOfOtherSchool: 'ИИН принадлежит пользователю другой школы',
    iinOfStaff: 'ИИН принадлежит сотруднику, которого вы не можете изменить',
    tooLong: (title: string, n: number) => `«${title}» длиннее ${n} символов`,
    raced: 'Пока файл загружался, такие ИИН появились у других учеников: загрузите файл ещё раз',
    badCard: (text: string) => `«${text}» — не номер карты (латинские буквы, цифры и дефис, 4–64 знака)`,
    duplicateCard: (line: number) => `карта уже встречается в строке ${line}`,
    cardHeldBy: (card: string, name: string) => `карта ${card} уже привязана: ${name}`,
    cardOtherOrganization: (card: string) => `карта ${card} зарегистрирована в другой организации`,
    cardOutOfReach: (card: string) => `карта ${card} привязана к пользователю, который вам недоступен`,
    templateSheet: 'Пользователи',
    templateFile: 'Шаблон импорта пользователей.xlsx',
    example: {
      name: 'Иванов Иван Иванович',
      classroom: '1 «А»',
      employee: 'Ахметова Сауле Каримовна',
      jobTitle: 'Учитель',
      companyJobTitle: 'Повар',
    },
  },
} as const;
const USER_MESSAGES_KK: Wording<typeof USER_MESSAGES_RU> = {
  notFound: 'Пайдаланушы табылмады',
  classroomNotFound: 'Сынып табылмады',
  classroomRequired: 'Сыныпты таңдаңыз: әлеуметтік педагог тек сынып оқушыларымен жұмыс істейді',
  schoolNotFound: 'Мектеп табылмады',
  foodCategoryNotFound: 'Тамақтану санаты табылмады',
  notAllPupils: 'Тамақтану санатын тек оқушыларға тағайындауға болады',
  watchNotFound: 'Вахта табылмады',
  regionNotFound: 'Өңір табылмады',
  imageNotFound: 'Сурет табылмады',
  organizationRequired: 'Ұйымды таңдаңыз',
  organizationNotFound: 'Ұйым табылмады',
  roleNotAllowed: 'Бұл рөлді тағайындай алмайсыз',
  studentInClass: 'Оқушының кіруі тек сынып оқушысына беріледі',
  emailForRole: 'E-mail көрсетіңіз: пайдаланушы жүйеге онымен кіреді',
  passwordForRole: 'Құпиясөзді көрсетіңіз: пайдаланушы жүйеге онымен кіреді',
  emailTaken: 'Мұндай e-mail-і бар пайдаланушы бұрыннан бар',
  iinTaken: 'Мұндай ЖСН-і бар оқушы бұрыннан бар',
  iin: 'ЖСН қате',
  editForbidden: 'Құқық жеткіліксіз: бұл пайдаланушыны тек оның рөліндегі әкімші өзгерте алады',
  deleteSelf: 'Өзіңізді жоюға болмайды. Өз аккаунтыңызды жою үшін /profile/remove бетін ашыңыз',
  walletDate: 'Күнді КК.АА.ЖЖЖЖ түрінде көрсетіңіз',
  walletOrder: 'Аяқталуы басталуынан ерте болмайды',
  walletFromFuture: 'Басталуы бүгіннен кеш болмайды: тек аяқталу күні болашақта болуы мүмкін',
  walletOnlySw: 'Әлеуметтік әмиян күндері тек оның тамақтану санатына көрсетіледі',
  imports: {
    nameRequired: 'аты-жөні көрсетілмеген',
    badIin: 'ЖСН қате',
    duplicateIin: (line: number) => `ЖСН ${line}-жолда бұрыннан бар`,
    unknownClassroom: (name: string, valid: string) => `«${name}» сыныбы табылмады; бар: ${valid}`,
    ambiguousClassroom: (name: string) => `«${name}» сыныбы бірнеше мектепте бар: мектепті таңдаңыз`,
    unknownCategory: (name: string, valid: string) => `«${name}» тамақтану санаты табылмады; бар: ${valid}`,
    badWalletDate: (title: string, text: string) => `«${title}»: «${text}» — күн емес (КК.АА.ЖЖЖЖ)`,
    walletOrder: 'әлеуметтік әмиян басталмай тұрып аяқталады',
    walletFromFuture: 'әлеуметтік әмиян болашақта басталмайды',
    walletOnlySw: 'әлеуметтік әмиян күндері әмиян емес санатқа көрсетілген',
    iinOfOtherSchool: 'ЖСН басқа мектептің пайдаланушысына тиесілі',
    iinOfStaff: 'ЖСН сіз өзгерте алмайтын қызметкерге тиесілі',
    tooLong: (title: string, n: number) => `«${title}» ${n} таңбадан ұзын`,
    raced: 'Файл жүктеліп жатқанда бұл ЖСН-дер басқа оқушыларда пайда болды: файлды қайта жүктеңіз',
    badCard: (text: string) => `«${text}» — карта нөмірі емес (латын әріптері, цифрлар және сызықша, 4–64 таңба)`,
    duplicateCard: (line: number) => `карта ${line}-жолда бұрыннан бар`,
    cardHeldBy: (card: string, name: string) => `${card} картасы байланыстырылған: ${name}`,
    cardOtherOrganization: (card: string) => `${card} картасы басқа ұйымда тіркелген`,
    cardOutOfReach: (card: string) => `${card} картасы сізге қолжетімсіз пайдаланушыға байланыстырылған`,
    templateSheet: 'Пайдаланушылар',
    templateFile: 'Пайдаланушыларды импорттау үлгісі.xlsx',
    example: {
      name: 'Серікбаев Асқар Маратұлы',
      classroom: '1 «А»',
      employee: 'Ахметова Сәуле Кәрімқызы',
      jobTitle: 'Мұғалім',
      companyJobTitle: 'Аспаз',
    },
  },
};
export const USER_MESSAGES = withKazakh(USER_MESSAGES_RU, USER_MESSAGES_KK);

/** The same messages for a kindergarten admin, whose schools are kindergartens and classes groups. */
export const USER_MESSAGES_KINDERGARTEN: Wording<typeof USER_MESSAGES> = withKazakh<Wording<typeof USER_MESSAGES>>(
  {
    ...USER_MESSAGES,
    classroomNotFound: 'Группа не найдена',
    classroomRequired: 'Выберите группу',
    schoolNotFound: 'Детский сад не найден',
    iinTaken: 'Ребёнок с таким ИИН уже есть',
    imports: {
      ...USER_MESSAGES.imports,
      unknownClassroom: (name: string, valid: string) => `группа «${name}» не найдена; есть: ${valid}`,
      ambiguousClassroom: (name: string) => `группа «${name}» есть в нескольких детских садах: выберите детский сад`,
      iinOfOtherSchool: 'ИИН принадлежит пользователю другого детского сада',
      example: { ...USER_MESSAGES.imports.example, classroom: 'Младшая группа', jobTitle: 'Воспитатель' },
    },
  },
  {
    ...USER_MESSAGES_KK,
    classroomNotFound: 'Топ табылмады',
    classroomRequired: 'Топты таңдаңыз',
    schoolNotFound: 'Балабақша табылмады',
    iinTaken: 'Мұндай ЖСН-і бар бала бұрыннан бар',
    imports: {
      ...USER_MESSAGES_KK.imports,
      unknownClassroom: (name: string, valid: string) => `«${name}» тобы табылмады; бар: ${valid}`,
      ambiguousClassroom: (name: string) => `«${name}» тобы бірнеше балабақшада бар: балабақшаны таңдаңыз`,
      iinOfOtherSchool: 'ЖСН басқа балабақшаның пайдаланушысына тиесілі',
      example: { ...USER_MESSAGES_KK.imports.example, classroom: 'Кіші топ', jobTitle: 'Тәрбиеші' },
    },
  },
);

export const userMessages = (role: Role | null | undefined): Wording<typeof USER_MESSAGES> =>
  speaksKindergarten(role) ? USER_MESSAGES_KINDERGARTEN : USER_MESSAGES;

const usersEndpoint = endpointsOf('users');
/** The screens that call these endpoints: the users list, a class's pupils and the pupils list. */
const USER_SCREENS: readonly Role[] = [
  ...new Set([...rolesFor('/users'), ...rolesFor('/classroom/:classroomId/users'), ...rolesFor('/pupils')]),
];

export const USERS_ENDPOINTS = {
  list: usersEndpoint('list', {
    query: UserListQuery,
    answer: UserList,
    refusals: [404],
    access: USER_SCREENS,
    summary: 'Пользователи и ученики: поиск по ФИО, должности, ИИН или номеру карты',
  }),
  template: usersEndpoint('template', {
    query: UserTemplateQuery,
    file: xlsxFile('Таблица со столбцами импорта и строкой-примером'),
    access: USER_SCREENS,
    summary: 'Шаблон импорта пользователей (xlsx); токен можно передать в ?token=',
  }),
  upload: usersEndpoint('upload', {
    query: UserUploadQuery,
    body: UserUploadBody,
    multipart: true,
    answer: UserImportResult,
    refusals: [404, 413],
    access: USER_SCREENS,
    summary:
      'Импорт пользователей и учеников из Excel: всё или ничего (rows=valid — только верные строки), повторная загрузка обновляет по ИИН',
  }),
  rejectedRows: usersEndpoint('rejectedRows', {
    query: UserUploadQuery,
    body: UserUploadBody,
    multipart: true,
    file: xlsxFile('Строки файла с ошибками, как они были, и столбец «Ошибка» с причиной'),
    refusals: [404, 413],
    access: USER_SCREENS,
    summary: 'Строки файла импорта, которые не загрузятся, с причиной: исправить и загрузить снова',
  }),
  export: usersEndpoint('export', {
    query: UserExportQuery,
    file: xlsxFile(),
    refusals: [404],
    access: USER_SCREENS,
    summary: 'Ученики школы или класса в Excel (ссылка: токен в параметре token)',
  }),
  setFoodCategory: usersEndpoint('setFoodCategory', {
    body: BulkFoodCategory,
    answer: BulkFoodCategoryResult,
    refusals: [404],
    access: USER_SCREENS,
    summary: 'Категория питания для многих учеников сразу (check: true — только показать, что изменится)',
  }),
  get: usersEndpoint('get', {
    params: UserIdParams,
    answer: User,
    refusals: [404],
    access: USER_SCREENS,
    summary: 'Пользователь',
  }),
  create: usersEndpoint('create', {
    body: UserCreate,
    answer: User,
    refusals: [404],
    access: USER_SCREENS,
    summary: 'Создать пользователя или ученика',
  }),
  update: usersEndpoint('update', {
    body: UserUpdate,
    answer: User,
    refusals: [404],
    access: USER_SCREENS,
    summary: 'Изменить пользователя: не переданные поля не меняются, null очищает',
  }),
  remove: usersEndpoint('remove', {
    params: UserIdParams,
    answer: Ok,
    refusals: [404, 409],
    access: USER_SCREENS,
    summary: 'Удалить пользователя (архив: история питания сохраняет имя, карты отвязываются)',
  }),
};
