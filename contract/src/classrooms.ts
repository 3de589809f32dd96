import { withKazakh } from './languages.ts';
import { IdParams, listOf, Ok } from './common.ts';
import { endpointsOf, xlsxFile } from './endpoint-kit.ts';
import { importRowsQuery, RowsImportResult } from './imports.ts';
import { rolesFor } from './routes.ts';
import type { Role } from './roles.ts';
import { speaksKindergarten, type Wording } from './wording.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.ts';
import { NameAnswer, nameBody, NamedRef, someName } from './names.ts';
import { bodyId, id, optionalQueryId, z } from './zod.ts';

export const CLASSROOM_NAME_MAX = 100;

/** Latin letters that look like Cyrillic ones, and those Cyrillic letters (a class letter typed on the wrong layout). */
const LATIN_LOOK_ALIKE = 'aceopxykmthb';
const CYRILLIC_LOOK_ALIKE = 'асеорхукмтнв';

/**
 * What makes two class names one class: the letter case, quotes, spaces, hyphens and dots around
 * the grade and the letter, and Latin look-alike letters do not count: «5 В», «5«В»», «5-в» and
 * «5 B» (a Latin B) are the class «5 «В»».
 */
export function classNameKey(name: string): string {
  const lower = name.toLocaleLowerCase('ru');
  let out = '';
  for (const ch of lower) {
    const i = LATIN_LOOK_ALIKE.indexOf(ch);
    out += i >= 0 ? CYRILLIC_LOOK_ALIKE[i] : ch;
  }
  return out.replace(/[\s«»"'“”„‘’`\-–—.]+/g, '');
}

/** Classes (a kindergarten's groups): docs/product.md "Classes", "Calls". */
export const Classroom = z.object({
  id: z.number().int(),
  schoolId: z.number().int(),
  ...NameAnswer,
  created_at: z.string(),
  school: NamedRef,
  /** The school's shift the class studies in: it eats at that shift's meal times. */
  shift: z.number().int(),
  /** Pupils currently in the class. */
  pupils_count: z.number().int(),
});
export type Classroom = z.infer<typeof Classroom>;

/** Selectors load up to 1000 classes at once (docs/product.md "Limits"). */
export const ClassroomListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  query: z.string().trim().max(255).optional(),
  schoolId: optionalQueryId(),
  organizationId: optionalQueryId(),
});
export type ClassroomListQuery = z.infer<typeof ClassroomListQuery>;
export const ClassroomList = listOf(Classroom);
export type ClassroomList = z.infer<typeof ClassroomList>;

const classroomFields = {
  schoolId: bodyId(),
  /**
   * The Russian name and the Kazakh one (a group «Солнышко» is «Күншуақ»): at least one on a create;
   * left out of an update, it stays. A grade and letter («5 А») reads the same in both.
   */
  ...nameBody(CLASSROOM_NAME_MAX),
  /** 1 or 2; absent or null: the first on create, unchanged on update. */
  shift: z.union([z.literal(1), z.literal(2)], { error: () => CLASSROOM_MESSAGES.shift }).nullish(),
};

export const ClassroomCreate = z.object(classroomFields).refine(...someName);
export type ClassroomCreate = z.infer<typeof ClassroomCreate>;

export const ClassroomUpdate = z.object({ ...classroomFields, id: bodyId() });
export type ClassroomUpdate = z.infer<typeof ClassroomUpdate>;

/** Kazakhstan's schools end with the 11th grade; a school moving to 12 says so. */
export const PROMOTE_LAST_GRADE = 11;
export const PROMOTE_GRADE_MAX = 12;

/**
 * The move of a school's classes to the next year. `check: true` writes nothing and
 * answers the plan; the write names the classes its preview showed, so a second press (or a class
 * changed meanwhile) is refused instead of moving the pupils twice.
 */
export const ClassroomPromote = z.object({
  schoolId: bodyId(),
  lastGrade: z.number().int().min(1).max(PROMOTE_GRADE_MAX).default(PROMOTE_LAST_GRADE),
  check: z.boolean().default(false),
  classroomIds: z.array(z.number().int().positive()).max(2000).optional(),
});
export type ClassroomPromote = z.infer<typeof ClassroomPromote>;

export const ClassroomPromotion = z.object({
  /** Each numbered class: `to` is its name next year, null when it finishes school. */
  moves: z.array(
    z.object({ id: z.number().int(), name: z.string(), to: z.string().nullable(), pupils: z.number().int() }),
  ),
  /** Classes without a leading number (groups, «Предшкольный»): left as they are. */
  kept: z.array(z.object({ id: z.number().int(), name: z.string() })),
  promoted: z.number().int(),
  graduated: z.number().int(),
  pupilsMoved: z.number().int(),
  pupilsGraduated: z.number().int(),
  /** False for the check: nothing was written. */
  applied: z.boolean(),
});
export type ClassroomPromotion = z.infer<typeof ClassroomPromotion>;

export const ClassroomUploadQuery = z.object({ schoolId: id(), ...importRowsQuery });
export type ClassroomUploadQuery = z.infer<typeof ClassroomUploadQuery>;
/** The multipart body of the import, for the API docs (the file is read from the stream). */
export const ClassroomUploadBody = z
  .object({
    file: z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'xlsx или xls' }),
  })
  .meta({ description: 'Столбец «Класс» (или «Название», «Группа»): по одному классу в строке' });
/** The export link carries the token in the query: a browser download cannot send a header. */
export const ClassroomDownloadQuery = z.object({ schoolId: id(), token: z.string().max(4096).optional() });
export const ClassroomTemplateQuery = z.object({ token: z.string().max(4096).optional() });

/** Header titles the import accepts for the class name (the Russian one), compared case-insensitively. */
export const CLASSROOM_IMPORT_TITLES = [
  'Класс',
  'Название',
  'Группа',
  'Сынып',
  'Атауы',
  'Топ',
  'Сынып орысша',
  'Топ орысша',
  'Класс на русском',
  'Группа на русском',
] as const;
/** Header titles of the Kazakh name (empty: the class reads its Russian name in Kazakh too). */
export const CLASSROOM_KAZAKH_TITLES = [
  'Класс на казахском',
  'Группа на казахском',
  'Название на казахском',
  'Сынып қазақша',
  'Топ қазақша',
  'Қазақша атауы',
] as const;
/** Header titles of a class's shift (1 or 2; empty: the first). */
export const CLASSROOM_SHIFT_TITLES = ['Смена', 'Ауысым'] as const;

const CLASSROOM_MESSAGES_RU = {
  notFound: 'Класс не найден',
  nameTaken: 'Класс с таким названием в этой школе уже есть',
  hasPupils: 'Нельзя удалить класс, в котором есть ученики: сначала переведите их',
  hasHistory: 'Нельзя удалить класс, по которому есть история питания',
  schoolNotFound: 'Школа не найдена',
  shift: 'Смена — 1 или 2',
  importNameMissing: 'не указано название',
  importTooLong: `название длиннее ${CLASSROOM_NAME_MAX} символов`,
  importShift: 'смена — 1 или 2',
  importDuplicate: (line: number) => `название повторяет строку ${line}`,
  importExists: (name: string) => `класс «${name}» в школе уже есть, пропущен`,
  promoteClash: (names: string) => `Классы получат одинаковые названия: ${names}. Переименуйте их и повторите`,
  promoteChanged: 'Классы школы изменились после проверки: проверьте перевод ещё раз',
  promoteIdsMissing: 'Сначала проверьте перевод: укажите классы, которые он показал',
} as const;
const CLASSROOM_MESSAGES_KK: Wording<typeof CLASSROOM_MESSAGES_RU> = {
  notFound: 'Сынып табылмады',
  nameTaken: 'Бұл мектепте мұндай атаулы сынып бұрыннан бар',
  hasPupils: 'Оқушылары бар сыныпты жою мүмкін емес: алдымен оларды ауыстырыңыз',
  hasHistory: 'Тамақтану тарихы бар сыныпты жою мүмкін емес',
  schoolNotFound: 'Мектеп табылмады',
  shift: 'Ауысым — 1 немесе 2',
  importNameMissing: 'атауы көрсетілмеген',
  importTooLong: `атауы ${CLASSROOM_NAME_MAX} таңбадан ұзын`,
  importShift: 'ауысым — 1 немесе 2',
  importDuplicate: (line: number) => `атауы ${line}-жолды қайталайды`,
  importExists: (name: string) => `«${name}» сыныбы мектепте бұрыннан бар, өткізіп жіберілді`,
  promoteClash: (names: string) => `Сыныптар бірдей атау алады: ${names}. Оларды қайта атап, қайталаңыз`,
  promoteChanged: 'Тексеруден кейін мектептің сыныптары өзгерді: ауыстыруды қайта тексеріңіз',
  promoteIdsMissing: 'Алдымен ауыстыруды тексеріңіз: ол көрсеткен сыныптарды көрсетіңіз',
};
export const CLASSROOM_MESSAGES = withKazakh(CLASSROOM_MESSAGES_RU, CLASSROOM_MESSAGES_KK);

/** The same messages for a kindergarten admin, whose classes are groups. */
export const CLASSROOM_MESSAGES_KINDERGARTEN: Wording<typeof CLASSROOM_MESSAGES> = withKazakh<
  Wording<typeof CLASSROOM_MESSAGES>
>(
  {
    ...CLASSROOM_MESSAGES,
    notFound: 'Группа не найдена',
    nameTaken: 'Группа с таким названием в этом детском саду уже есть',
    hasPupils: 'Нельзя удалить группу, в которой есть дети: сначала переведите их',
    hasHistory: 'Нельзя удалить группу, по которой есть история питания',
    schoolNotFound: 'Детский сад не найден',
    importExists: (name: string) => `группа «${name}» в детском саду уже есть, пропущена`,
    promoteClash: (names: string) => `Группы получат одинаковые названия: ${names}. Переименуйте их и повторите`,
    promoteChanged: 'Группы детского сада изменились после проверки: проверьте перевод ещё раз',
    promoteIdsMissing: 'Сначала проверьте перевод: укажите группы, которые он показал',
  },
  {
    ...CLASSROOM_MESSAGES_KK,
    notFound: 'Топ табылмады',
    nameTaken: 'Бұл балабақшада мұндай атаулы топ бұрыннан бар',
    hasPupils: 'Балалары бар топты жою мүмкін емес: алдымен оларды ауыстырыңыз',
    hasHistory: 'Тамақтану тарихы бар топты жою мүмкін емес',
    schoolNotFound: 'Балабақша табылмады',
    importExists: (name: string) => `«${name}» тобы балабақшада бұрыннан бар, өткізіп жіберілді`,
    promoteClash: (names: string) => `Топтар бірдей атау алады: ${names}. Оларды қайта атап, қайталаңыз`,
    promoteChanged: 'Тексеруден кейін балабақшаның топтары өзгерді: ауыстыруды қайта тексеріңіз',
    promoteIdsMissing: 'Алдымен ауыстыруды тексеріңіз: ол көрсеткен топтарды көрсетіңіз',
  },
);

export const classroomMessages = (role: Role | null | undefined): Wording<typeof CLASSROOM_MESSAGES> =>
  speaksKindergarten(role) ? CLASSROOM_MESSAGES_KINDERGARTEN : CLASSROOM_MESSAGES;

/** Words of the template and the export: a kindergarten admin's classes are groups (docs/product.md "Navigation"). */
export const CLASSROOM_SHEET = withKazakh(
  {
    school: {
      title: 'Классы',
      // Each heading its own words: a text another set turns otherwise (a plain «Класс») would
      // come out of the Kazakh workbook as whichever twin was declared last.
      name: 'Класс на русском',
      nameKk: 'Класс на казахском',
      shift: 'Смена',
      pupils: 'Учеников',
      created: 'Создан',
      template: 'Шаблон классов',
      examples: [
        ['1 А', ''],
        ['1 Б', ''],
      ],
    },
    kindergarten: {
      title: 'Группы',
      name: 'Группа на русском',
      nameKk: 'Группа на казахском',
      shift: 'Смена',
      pupils: 'Детей',
      created: 'Создана',
      template: 'Шаблон групп',
      examples: [
        ['Средняя группа', 'Ортаңғы топ'],
        ['Старшая группа', 'Ересек топ'],
      ],
    },
  } as const,
  {
    school: {
      title: 'Сыныптар',
      name: 'Сынып орысша',
      nameKk: 'Сынып қазақша',
      shift: 'Ауысым',
      pupils: 'Оқушылар',
      created: 'Құрылған',
      template: 'Сыныптар үлгісі',
      examples: [
        ['1 А', ''],
        ['1 Б', ''],
      ],
    },
    kindergarten: {
      title: 'Топтар',
      name: 'Топ орысша',
      nameKk: 'Топ қазақша',
      shift: 'Ауысым',
      pupils: 'Балалар',
      created: 'Құрылған',
      template: 'Топтар үлгісі',
      examples: [
        ['Средняя группа', 'Ортаңғы топ'],
        ['Старшая группа', 'Ересек топ'],
      ],
    },
  },
);

const classroomsEndpoint = endpointsOf('classrooms');
const ROLES = rolesFor('/classrooms');
/** Class pickers of other screens (users, pupils) are the super admin's too. */
const READ_ROLES = [...ROLES, 'SuperAdmin'] as const;
/** The list also feeds the school reports' class filter (the observer's too) and the library's books on hand. */
const LIST_ROLES = [
  ...new Set([...READ_ROLES, ...rolesFor('/report/school/fixations'), ...rolesFor('/books/onhands')]),
];

export const CLASSROOMS_ENDPOINTS = {
  list: classroomsEndpoint('list', {
    query: ClassroomListQuery,
    answer: ClassroomList,
    refusals: [404],
    access: LIST_ROLES,
    summary: 'Классы (группы): по школе, поиск по названию, естественный порядок (2 А до 10 А)',
  }),
  get: classroomsEndpoint('get', {
    params: IdParams,
    answer: Classroom,
    refusals: [404],
    access: READ_ROLES,
    summary: 'Класс',
  }),
  create: classroomsEndpoint('create', {
    body: ClassroomCreate,
    answer: Classroom,
    access: ROLES,
    summary: 'Новый класс в школе',
  }),
  update: classroomsEndpoint('update', {
    body: ClassroomUpdate,
    answer: Classroom,
    refusals: [404],
    access: ROLES,
    summary: 'Изменить класс (перенос в другую школу переносит и учеников)',
  }),
  remove: classroomsEndpoint('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404, 409],
    access: ROLES,
    summary: 'Удалить класс без учеников и истории питания',
  }),
  promote: classroomsEndpoint('promote', {
    body: ClassroomPromote,
    answer: ClassroomPromotion,
    refusals: [409],
    access: ROLES,
    summary:
      'Перевод классов школы на следующий год: 2 А → 3 А, выпускные классы и их ученики в архив; check — только план',
  }),
  upload: classroomsEndpoint('upload', {
    query: ClassroomUploadQuery,
    body: ClassroomUploadBody,
    multipart: true,
    answer: RowsImportResult,
    refusals: [404, 413],
    access: ROLES,
    summary:
      'Импорт классов из Excel: всё или ничего (rows=valid — только верные строки, mode=check — ничего не записывая), существующие названия пропускаются',
  }),
  rejectedRows: classroomsEndpoint('rejectedRows', {
    query: ClassroomUploadQuery,
    body: ClassroomUploadBody,
    multipart: true,
    file: xlsxFile('Строки файла с ошибками, как они были, и столбец «Ошибка» с причиной'),
    refusals: [404, 413],
    access: ROLES,
    summary: 'Строки файла импорта классов, которые не загрузятся, с причиной: исправить и загрузить снова',
  }),
  template: classroomsEndpoint('template', {
    query: ClassroomTemplateQuery,
    file: xlsxFile(),
    access: ROLES,
    summary: 'Шаблон импорта классов (xlsx); токен можно передать в ?token=',
  }),
  download: classroomsEndpoint('download', {
    query: ClassroomDownloadQuery,
    file: xlsxFile(),
    refusals: [404],
    access: ROLES,
    summary: 'Классы школы в Excel: класс, учеников, дата создания; токен можно передать в ?token=',
  }),
};
