import { NameAnswer } from './names.ts';
import { withKazakh } from './languages.ts';
import { endpointsOf, xlsxFile } from './endpoint-kit.ts';
import { ErrorBody } from './errors.ts';
import { ImportConfirmBody, importRowsQuery } from './imports.ts';
import { rolesFor } from './routes.ts';
import { IdParams, listOf, LiveTicket, Ok } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { NamedRef } from './names.ts';
import { bodyId, id, msg, optionalQueryId, optionalText, queryFlag, requiredText, z } from './zod.ts';

/** docs/product.md "Limits": the library's lists load 30 rows a page. */
export const LIBRARY_PAGE_SIZE = 30;
export const BOOK_CATEGORY_NAME_MAX = 255;

/** docs/product.md "Entities": Book category: id, name, schoolId (and the school's name for the lists). */
export const BookCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  schoolId: z.number().int(),
  school: NamedRef,
  created_at: z.string(),
});
export type BookCategory = z.infer<typeof BookCategory>;

export const BookCategoryListQuery = z.object({
  query: z.string().trim().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LIBRARY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  schoolId: optionalQueryId(),
});
export type BookCategoryListQuery = z.infer<typeof BookCategoryListQuery>;
export const BookCategoryList = listOf(BookCategory);
export type BookCategoryList = z.infer<typeof BookCategoryList>;

export const BookCategoryCreate = z.object({
  schoolId: bodyId(),
  name: requiredText(BOOK_CATEGORY_NAME_MAX),
});
export type BookCategoryCreate = z.infer<typeof BookCategoryCreate>;
export const BookCategoryUpdate = BookCategoryCreate.extend({ id: bodyId() });
export type BookCategoryUpdate = z.infer<typeof BookCategoryUpdate>;

export const LIBRARY_MESSAGES = withKazakh(
  {
    categoryNotFound: 'Категория не найдена',
    categoryNameTaken: 'Категория с таким названием в этой школе уже есть',
    categoryHasBooks: 'В категории есть книги: сначала перенесите или удалите их',
    schoolNotFound: 'Школа не найдена',
    bookNotFound: 'Книга не найдена',
    bookSchoolFixed: 'У книги есть экземпляры со штрихкодами этой школы: школу сменить нельзя',
    bookOnHands: 'Экземпляры этой книги на руках у учеников: примите их, прежде чем удалять книгу',
    year: 'Год издания — четыре цифры',
    barcodeNotFound: 'Штрихкод не найден',
    barcodeTaken: 'Такой штрихкод уже есть в библиотеке этой школы',
    barcodeChars: 'Штрихкод: латинские буквы, цифры и знаки без пробелов, до 64 символов',
    copyOnHands: 'Экземпляр на руках у ученика: примите его, прежде чем удалять',
    copiesOnHands: (barcodes: string[]) =>
      `На руках у учеников: ${barcodes.join(', ')}. Примите эти экземпляры, прежде чем удалять; ничего не удалено`,
    copiesPick: 'Выберите от 1 до 500 экземпляров',
    count: 'Количество штрихкодов — от 1 до 500',
    confirmCopies: 'Подтверждённое количество экземпляров — целое число от 0 до 20 000',
    classroomNotFound: 'Класс этой школы не найден',
    chooseSchool: 'Выберите школу',
  } as const,
  {
    categoryNotFound: 'Санат табылмады',
    categoryNameTaken: 'Бұл мектепте мұндай атаулы санат бұрыннан бар',
    categoryHasBooks: 'Санатта кітаптар бар: алдымен оларды ауыстырыңыз немесе жойыңыз',
    schoolNotFound: 'Мектеп табылмады',
    bookNotFound: 'Кітап табылмады',
    bookSchoolFixed: 'Кітаптың осы мектептің штрихкодтары бар даналары бар: мектепті ауыстыруға болмайды',
    bookOnHands: 'Бұл кітаптың даналары оқушылардың қолында: кітапты жоймас бұрын оларды қабылдаңыз',
    year: 'Басылған жылы — төрт цифр',
    barcodeNotFound: 'Штрихкод табылмады',
    barcodeTaken: 'Бұл мектептің кітапханасында мұндай штрихкод бұрыннан бар',
    barcodeChars: 'Штрихкод: латын әріптері, цифрлар мен таңбалар, бос орынсыз, 64 таңбаға дейін',
    copyOnHands: 'Дана оқушының қолында: жоймас бұрын оны қабылдаңыз',
    copiesOnHands: (barcodes: string[]) =>
      `Оқушылардың қолында: ${barcodes.join(', ')}. Жоймас бұрын бұл даналарды қабылдаңыз; ештеңе жойылған жоқ`,
    copiesPick: '1-ден 500-ге дейін дана таңдаңыз',
    count: 'Штрихкодтар саны — 1-ден 500-ге дейін',
    confirmCopies: 'Расталған даналар саны — 0-ден 20 000-ға дейінгі бүтін сан',
    classroomNotFound: 'Бұл мектептің сыныбы табылмады',
    chooseSchool: 'Мектепті таңдаңыз',
  },
);
const M = LIBRARY_MESSAGES;

export const BOOK_TEXT_MAX = 255;
export const BOOK_BARCODE_MAX = 64;
/** How many barcodes one "generate N" press may make. */
export const BOOK_COUNT_MAX = 500;
/** The most copies one book file may create: 834 A4 label sheets. A bigger file is split. */
export const BOOK_IMPORT_COPIES_MAX = 20_000;
/** Above this many new copies the import asks first: that many labels is a morning at the printer. */
export const BOOK_IMPORT_CONFIRM_COPIES = 2_000;
/** Labels per page of an import's labels: 20 A4 sheets of 3 × 8. */
export const BOOK_LABELS_PAGE = 480;

/** A year of issue: four digits, sent as a number or a string of digits (the form's input). */
export const bookYear = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\s*\d+\s*$/.test(v) ? Number(v) : v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? msg.required : M.year) })
      .int({ error: M.year })
      .min(1000, { error: M.year })
      .max(9999, { error: M.year }),
  );

/**
 * A barcode as a scanner or a person typed it: spaces and line breaks dropped, letters upper-cased
 * (the way a card is read), then printable ASCII only — what a Code 128 label can carry.
 */
export const bookBarcode = () =>
  z
    .string({ error: msg.required })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, { error: msg.required })
        .max(BOOK_BARCODE_MAX, { error: M.barcodeChars, abort: true })
        .regex(/^[\x21-\x7e]+$/, { error: M.barcodeChars }),
    );

export const BookBarcodeRow = z.object({ id: z.number().int(), barcode: z.string(), total: z.number().int() });
export type BookBarcodeRow = z.infer<typeof BookBarcodeRow>;

/** docs/product.md "Entities": Book. */
export const Book = z.object({
  id: z.number().int(),
  name: z.string(),
  categoryId: z.number().int().nullable(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  authors: z.string(),
  publisher: z.string(),
  year: z.number().int(),
  language: z.string().nullable(),
  discipline: z.string().nullable(),
  direction: z.string().nullable(),
  type: z.string().nullable(),
  schoolId: z.number().int(),
  school: NamedRef,
  count: z.number().int(),
  barcodes: z.array(BookBarcodeRow),
  created_at: z.string(),
});
export type Book = z.infer<typeof Book>;

/** A list row: the book without its barcodes (the count says how many copies). */
export const BookListRow = Book.omit({ barcodes: true });
export type BookListRow = z.infer<typeof BookListRow>;
export const BookList = listOf(BookListRow);
export type BookList = z.infer<typeof BookList>;
export const BookListQuery = BookCategoryListQuery;
export type BookListQuery = BookCategoryListQuery;

export const BookCreate = z.object({
  schoolId: bodyId(),
  categoryId: bodyId()
    .nullish()
    .transform((v) => v ?? null),
  name: requiredText(BOOK_TEXT_MAX),
  authors: requiredText(BOOK_TEXT_MAX),
  publisher: requiredText(BOOK_TEXT_MAX),
  year: bookYear(),
  language: optionalText(BOOK_TEXT_MAX),
  discipline: optionalText(BOOK_TEXT_MAX),
  direction: optionalText(BOOK_TEXT_MAX),
  type: optionalText(BOOK_TEXT_MAX),
});
export type BookCreate = z.infer<typeof BookCreate>;
export type BookCreateInput = z.input<typeof BookCreate>;
export const BookUpdate = BookCreate.extend({ id: bodyId() });
export type BookUpdate = z.infer<typeof BookUpdate>;

/** `POST /api/book/count`: make `count` new copies with generated barcodes. */
export const BookCount = z.object({
  book_id: bodyId(),
  count: z
    .number({ error: M.count })
    .int({ error: M.count })
    .min(1, { error: M.count })
    .max(BOOK_COUNT_MAX, { error: M.count }),
});
export type BookCount = z.infer<typeof BookCount>;

/** `POST /api/book/barcodes/remove`: several copies of one book at once, all or none. */
export const BookBarcodesRemove = z.object({
  book_id: bodyId(),
  ids: z
    .array(bodyId(), { error: M.copiesPick })
    .min(1, { error: M.copiesPick })
    .max(BOOK_COUNT_MAX, { error: M.copiesPick })
    .transform((ids) => [...new Set(ids)]),
});
export type BookBarcodesRemove = z.infer<typeof BookBarcodesRemove>;
export const BookBarcodesRemoved = z.object({ success: z.literal(true), count: z.number().int() });
export type BookBarcodesRemoved = z.infer<typeof BookBarcodesRemoved>;

/** `POST /api/book/barcode`: one copy with the barcode already on its label. */
export const BookBarcodeCreate = z.object({ book_id: bodyId(), barcode: bookBarcode() });
export type BookBarcodeCreate = z.infer<typeof BookBarcodeCreate>;

export const BOOK_HISTORY_ACTIONS = [
  'took',
  'returned',
  'created',
  'removed',
  'updated',
  'barcode_created',
  'barcode_removed',
] as const;
export const BookHistoryAction = z.enum(BOOK_HISTORY_ACTIONS);
export type BookHistoryAction = z.infer<typeof BookHistoryAction>;

/** `POST /api/book/histories`: a copy's history with its book's catalogue changes, newest first. */
export const BookHistoryQuery = z.object({
  book_barcode_id: bodyId(),
  action: BookHistoryAction.nullish(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(LIBRARY_PAGE_SIZE),
  offset: z.number().int().min(0).max(10_000_000).default(0),
});
export type BookHistoryQuery = z.infer<typeof BookHistoryQuery>;

const personName = z.object({ id: z.number().int(), name: z.string() }).nullable();
export const BookHistoryRow = z.object({
  id: z.number().int(),
  action: BookHistoryAction,
  barcode: z.string().nullable(),
  librarian: personName,
  user: personName,
  created_at: z.string(),
  data: z.object({ expired_at: z.string().optional(), renewed: z.boolean().optional() }).nullable(),
});
export type BookHistoryRow = z.infer<typeof BookHistoryRow>;
export const BookHistory = z.object({
  book: BookListRow,
  barcode: z.object({ id: z.number().int(), barcode: z.string(), deleted: z.boolean() }),
  total: z.number().int(),
  rows: z.array(BookHistoryRow),
});
export type BookHistory = z.infer<typeof BookHistory>;

/** The longest loan a due date may set: a school year and a summer. */
export const LOAN_MAX_DAYS = 400;
/** An on-hand copy is `soon` this many days before its due date (docs/domain.md "Library"). */
export const LOAN_SOON_DAYS = 3;

export const LOAN_MESSAGES = withKazakh(
  {
    studentNotFound: 'Ученик с такой картой в этой школе не найден',
    alreadyIssued: 'Книга уже выдана',
    alreadyAccepted: 'Книга уже принята',
    alreadySelected: 'Книга уже выбрана',
    heldByOther: (name: string) => `Книга на руках у другого ученика: ${name}`,
    otherSchool: 'Этот экземпляр из библиотеки другой школы',
    dueDatePast: 'Дата возврата не может быть раньше сегодняшней',
    dueDateFar: `Дата возврата — не дальше чем через ${LOAN_MAX_DAYS} дней`,
    dueDate: 'Укажите дату возврата',
    noBooks: 'Отсканируйте хотя бы одну книгу',
    tooManyBooks: 'Не больше 100 книг за раз',
    overdueRefused: (n: number) =>
      `Просрочено книг — ${n}: по правилу школы новые книги не выдаются, пока просроченные не вернут`,
    overdueRule: 'Выберите правило: предупреждать или не выдавать',
  } as const,
  {
    studentNotFound: 'Бұл мектепте мұндай картасы бар оқушы табылмады',
    alreadyIssued: 'Кітап берілген',
    alreadyAccepted: 'Кітап қабылданған',
    alreadySelected: 'Кітап таңдалған',
    heldByOther: (name: string) => `Кітап басқа оқушының қолында: ${name}`,
    otherSchool: 'Бұл дана басқа мектептің кітапханасынан',
    dueDatePast: 'Қайтару күні бүгіннен ерте бола алмайды',
    dueDateFar: `Қайтару күні — ${LOAN_MAX_DAYS} күннен кешіктірмей`,
    dueDate: 'Қайтару күнін көрсетіңіз',
    noBooks: 'Кемінде бір кітапты сканерлеңіз',
    tooManyBooks: 'Бір жолы 100 кітаптан аспайды',
    overdueRefused: (n: number) =>
      `Мерзімі өткен кітап — ${n}: мектеп ережесі бойынша олар қайтарылмайынша жаңа кітап берілмейді`,
    overdueRule: 'Ережені таңдаңыз: ескерту немесе бермеу',
  },
);

/** docs/product.md "Entities": Student found by card (and what the library's reader publishes). */
export const LibraryStudent = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.object({ url: z.string() }).nullable(),
  classroom: z.object(NameAnswer).nullable(),
  schoolId: z.number().int(),
  /** How many copies the student holds now. */
  on_hands: z.number().int(),
  /** Of them past their return date (ours): the desk warns before it issues more. */
  overdue: z.number().int(),
  /** The school's rule for a student with overdue books (ours): issue after a warning, or refuse. */
  overdue_rule: z.enum(['warn', 'refuse']),
  /** The copies on hand (ours), the earliest return date first. */
  loans: z.array(
    z.object({
      /** The copy's book (ours): the desk asks before another copy of a title the student holds. */
      book_id: z.number().int(),
      barcode: z.string(),
      name: z.string(),
      authors: z.string(),
      expired_at: z.string(),
      status: z.enum(['overdue', 'soon', 'normal']),
    }),
  ),
});
export type LibraryStudent = z.infer<typeof LibraryStudent>;

/** A card as the scanner typed it, for the student lookups. */
const scannedCard = () =>
  z
    .string({ error: msg.required })
    .max(1000, { error: LOAN_MESSAGES.studentNotFound })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1, { error: msg.required }));

export const LibraryStudentQuery = z.object({ schoolId: id(), card: scannedCard() });
export type LibraryStudentQuery = z.infer<typeof LibraryStudentQuery>;

/** `GET /api/book/user/autocomplete` (docs/product.md "Calls"): the school's students by a part of a name, class or card. */
export const BOOK_USER_AUTOCOMPLETE_MAX = 20;
export const BookUserAutocompleteQuery = z.object({
  query: requiredText(100),
  school_id: id(),
});
export type BookUserAutocompleteQuery = z.infer<typeof BookUserAutocompleteQuery>;
export const BookUserOption = z.object({
  id: z.number().int(),
  name: z.string(),
  classroom: z.object(NameAnswer).nullable(),
  image: z.object({ url: z.string() }).nullable(),
});
export const BookUserAutocomplete = z.object({ rows: z.array(BookUserOption) });
export type BookUserAutocomplete = z.infer<typeof BookUserAutocomplete>;

/** `POST /api/book/reader`: a card read at the library's desk reader, published to the issuance screens. */
export const LibraryReaderScan = z.object({ schoolId: bodyId(), card: scannedCard() });
export type LibraryReaderScan = z.infer<typeof LibraryReaderScan>;
export const LibrarySubscribe = z.object({ schoolId: bodyId() });
export { libraryChannel } from './live.ts';

const bookSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  authors: z.string(),
  publisher: z.string(),
  year: z.number().int(),
});

export const BookByBarcodeQuery = z.object({ barcode: bookBarcode(), user_id: id() });
export type BookByBarcodeQuery = z.infer<typeof BookByBarcodeQuery>;

/** docs/product.md "Entities": Scanned book barcode, with who holds it and until when. */
export const ScannedBookBarcode = z.object({
  id: z.number().int(),
  barcode: z.string(),
  book: bookSummary,
  is_on_hands: z.boolean(),
  holder: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The student asked about holds this copy (a return, or a renewal). */
  is_own: z.boolean(),
  expired_at: z.string().nullable(),
});
export type ScannedBookBarcode = z.infer<typeof ScannedBookBarcode>;

/** A due date `YYYY-MM-DD`; whether it is today or later is the server's check in the school's time zone. */
export const dueDate = () =>
  z
    .string({ error: LOAN_MESSAGES.dueDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: LOAN_MESSAGES.dueDate, abort: true })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: LOAN_MESSAGES.dueDate,
      },
    );

const copyIds = () =>
  z
    .array(bodyId(), { error: LOAN_MESSAGES.noBooks })
    .min(1, { error: LOAN_MESSAGES.noBooks })
    .max(100, { error: LOAN_MESSAGES.tooManyBooks })
    .refine((ids) => new Set(ids).size === ids.length, { error: LOAN_MESSAGES.alreadySelected });

/** `POST /api/book/issuance` (and renewal of copies the student already holds). */
export const BookIssuance = z.object({ user_id: bodyId(), book_ids: copyIds(), expired_at: dueDate() });
export type BookIssuance = z.infer<typeof BookIssuance>;
/** `POST /api/book/returning`: `expired_at` is sent empty and ignored. */
export const BookReturning = z.object({
  user_id: bodyId(),
  book_ids: copyIds(),
  expired_at: z.unknown().optional(),
});
export type BookReturning = z.infer<typeof BookReturning>;
/** `POST /api/book/check-in` (ours): a copy scanned at the desk with nobody at it is taken back from whoever holds it. */
export const BookCheckIn = z.object({ schoolId: bodyId(), barcode: bookBarcode() });
export type BookCheckIn = z.infer<typeof BookCheckIn>;
export const BookCheckedIn = z.object({
  /** Taken back now; false when it was not on hand (returned before, or never issued). */
  returned: z.boolean(),
  barcode: z.string(),
  book: bookSummary,
  /** Who held it until now. */
  holder: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** It came back after its return date. */
  was_overdue: z.boolean(),
});
export type BookCheckedIn = z.infer<typeof BookCheckedIn>;
/** What the library desk does for a student with overdue books: warns and issues, or refuses to issue. */
export const OVERDUE_RULES = ['warn', 'refuse'] as const;
export type OverdueRule = (typeof OVERDUE_RULES)[number];
/** `GET /api/book/settings?schoolId=` (ours): the school library's rules. */
export const LibrarySettingsQuery = z.object({ schoolId: id() });
export type LibrarySettingsQuery = z.infer<typeof LibrarySettingsQuery>;
export const LibrarySettings = z.object({ schoolId: z.number().int(), overdue_rule: z.enum(OVERDUE_RULES) });
export type LibrarySettings = z.infer<typeof LibrarySettings>;
/** `PUT /api/book/settings` (ours). */
export const LibrarySettingsBody = z.object({
  schoolId: bodyId(),
  overdue_rule: z.enum(OVERDUE_RULES, { error: LOAN_MESSAGES.overdueRule }),
});
export type LibrarySettingsBody = z.infer<typeof LibrarySettingsBody>;
export const LoanResult = z.object({ success: z.literal(true), count: z.number().int() });
export type LoanResult = z.infer<typeof LoanResult>;

export const LOAN_STATUSES = ['overdue', 'soon', 'normal'] as const;
export const LoanStatus = z.enum(LOAN_STATUSES);
export type LoanStatus = z.infer<typeof LoanStatus>;

/** docs/product.md "Entities": Books-on-hand row. */
export const OnHandRow = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), classroom: z.object(NameAnswer).nullable() }),
  book: bookSummary,
  barcode: z.string(),
  barcode_id: z.number().int(),
  expired_at: z.string(),
  issued_at: z.string(),
  status: LoanStatus,
});
export type OnHandRow = z.infer<typeof OnHandRow>;
export const OnHandList = listOf(OnHandRow);
export type OnHandList = z.infer<typeof OnHandList>;
export const OnHandQuery = BookCategoryListQuery.extend({
  /** Only the copies past their return date (ours). */
  overdue: queryFlag(),
  /** Only the pupils of one class of the school (ours): the list a class teacher is handed. */
  classroomId: optionalQueryId(),
});
export type OnHandQuery = z.infer<typeof OnHandQuery>;
/** `GET /api/books/on/hand/export` (ours): the same list, whole, as a sheet; by class, then pupil. */
export const OnHandExportQuery = OnHandQuery.omit({ limit: true, offset: true }).extend({
  token: z.string().max(4096).optional(),
});
export type OnHandExportQuery = z.infer<typeof OnHandExportQuery>;
/** The sheet of the books on hand (or overdue), in both languages. */
export const ON_HAND_EXPORT = withKazakh(
  {
    sheet: (overdue: boolean) => (overdue ? 'Просроченные книги' : 'Книги на руках'),
    columns: [
      '№',
      'Ученик',
      'Класс',
      'Книга',
      'Авторы',
      'Штрихкод',
      'Выдана',
      'Срок возврата',
      'Дней просрочки',
    ] as const,
    title: (overdue: boolean, school: string, classroom: string | null) =>
      `${overdue ? 'Просроченные книги' : 'Книги на руках'}: ${school}${classroom ? `, класс ${classroom}` : ''}`,
    asOf: (date: string) => `На ${date}`,
    file: (overdue: boolean, school: string, classroom: string | null) =>
      `${overdue ? 'Просроченные книги' : 'Книги на руках'} ${school}${classroom ? ` ${classroom}` : ''}.xlsx`,
  },
  {
    sheet: (overdue: boolean) => (overdue ? 'Мерзімі өткен кітаптар' : 'Қолдағы кітаптар'),
    columns: [
      '№',
      'Оқушы',
      'Сынып',
      'Кітап',
      'Авторлар',
      'Штрихкод',
      'Берілді',
      'Қайтару мерзімі',
      'Кешіккен күн',
    ] as const,
    title: (overdue: boolean, school: string, classroom: string | null) =>
      `${overdue ? 'Мерзімі өткен кітаптар' : 'Қолдағы кітаптар'}: ${school}${classroom ? `, ${classroom} сынып` : ''}`,
    asOf: (date: string) => `${date} күнгі жағдай`,
    file: (overdue: boolean, school: string, classroom: string | null) =>
      `${overdue ? 'Мерзімі өткен кітаптар' : 'Қолдағы кітаптар'} ${school}${classroom ? ` ${classroom}` : ''}.xlsx`,
  },
);

/**
 * Overdue notices: once a day, from 09:00 in the organization's time zone, the parents of a
 * pupil with overdue copies get one e-mail listing them; each copy is noticed at most once a day.
 */
export const OVERDUE_NOTICE_HOUR = 9;
/** `kept`: written while no mail server was configured, so kept in the server's outbox, not sent. */
export const OVERDUE_NOTICE_STATUSES = ['pending', 'sent', 'kept', 'no_parent', 'failed'] as const;
export const OverdueNoticeStatus = z.enum(OVERDUE_NOTICE_STATUSES);
export type OverdueNoticeStatus = z.infer<typeof OverdueNoticeStatus>;

/** `GET /api/books/notices`: what was sent, newest day first. */
export const OverdueNoticeRow = z.object({
  id: z.number().int(),
  /** The school day the notice belongs to, `YYYY-MM-DD`. */
  day: z.string(),
  status: OverdueNoticeStatus,
  user: z.object({ id: z.number().int(), name: z.string(), classroom: z.object(NameAnswer).nullable() }),
  book: bookSummary,
  barcode: z.string(),
  expired_at: z.string(),
  /** The parents' addresses it went to. */
  recipients: z.array(z.string()),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type OverdueNoticeRow = z.infer<typeof OverdueNoticeRow>;
export const OverdueNoticeList = listOf(OverdueNoticeRow);
export type OverdueNoticeList = z.infer<typeof OverdueNoticeList>;
export const OverdueNoticeQuery = BookCategoryListQuery;
export type OverdueNoticeQuery = BookCategoryListQuery;

/** Book import (`POST /api/books/upload`, multipart `file` and `school_id`): the columns by their titles. */
export const BOOK_IMPORT_COLUMNS = {
  name: ['Название', 'Название книги', 'Атауы', 'Кітаптың атауы'],
  authors: ['Авторы', 'Автор', 'Авторлар'],
  publisher: ['Издательство', 'Баспа', 'Баспасы'],
  year: ['Год издания', 'Год', 'Басылған жылы', 'Жылы'],
  category: ['Категория', 'Санат', 'Санаты'],
  language: ['Язык', 'Тілі', 'Тіл'],
  discipline: ['Предмет', 'Дисциплина', 'Пән', 'Пәні'],
  direction: ['Направление', 'Бағыты', 'Бағыт'],
  type: ['Вид учебного материала', 'Вид', 'Тип', 'Оқу материалының түрі', 'Түрі'],
  barcodes: ['Штрихкоды', 'Штрихкод', 'Штрихкодтар'],
  count: ['Количество экземпляров', 'Количество', 'Экземпляров', 'Даналар саны', 'Саны', 'Даналар'],
} as const;

/** The headings of the book template, Russian and Kazakh (the first title of each column above). */
export const BOOK_IMPORT_HEADERS = withKazakh(
  {
    name: 'Название',
    authors: 'Авторы',
    publisher: 'Издательство',
    year: 'Год издания',
    category: 'Категория',
    language: 'Язык',
    discipline: 'Предмет',
    direction: 'Направление',
    type: 'Вид учебного материала',
    barcodes: 'Штрихкоды',
    count: 'Количество экземпляров',
  } as const,
  {
    name: 'Атауы',
    authors: 'Авторлар',
    publisher: 'Баспа',
    year: 'Басылған жылы',
    category: 'Санат',
    language: 'Тілі',
    discipline: 'Пән',
    direction: 'Бағыты',
    type: 'Оқу материалының түрі',
    barcodes: 'Штрихкодтар',
    count: 'Даналар саны',
  },
);

export const BOOK_IMPORT_MESSAGES = withKazakh(
  {
    sheet: 'Книги',
    template: 'Шаблон импорта книг',
    missing: (title: string) => `не заполнен столбец «${title}»`,
    tooLong: (title: string) => `в столбце «${title}» больше ${BOOK_TEXT_MAX} символов`,
    year: 'год издания — четыре цифры',
    barcode: (code: string) => `штрихкод «${code}»: латинские буквы, цифры и знаки, до ${BOOK_BARCODE_MAX} символов`,
    barcodeTwice: (code: string, line: number) => `штрихкод ${code} уже есть в строке ${line}`,
    barcodeTaken: (code: string) => `штрихкод ${code} уже есть в библиотеке школы`,
    count: `количество экземпляров — целое число от 0 до ${BOOK_COUNT_MAX}`,
    countAndBarcodes: 'укажите либо штрихкоды, либо количество экземпляров',
    tooManyCopies: (copies: number) =>
      `файл создаёт ${copies.toLocaleString('ru')} экземпляров, за одну загрузку — не больше ${BOOK_IMPORT_COPIES_MAX.toLocaleString('ru')}: разделите файл на части`,
    copiesPart: (books: number, copies: number) =>
      `Файл добавит книг: ${books.toLocaleString('ru')}, экземпляров: ${copies.toLocaleString('ru')}; для каждого экземпляра будет этикетка.`,
    confirmCopies: (books: number, copies: number) =>
      `Файл добавит книг: ${books.toLocaleString('ru')}, экземпляров: ${copies.toLocaleString('ru')}; для каждого экземпляра будет этикетка. Загрузить?`,
    newCategories: (names: string[]) =>
      `Будут созданы категории: ${names.map((n) => `«${n}»`).join(', ')} — проверьте, нет ли опечатки.`,
    booksAgain: (names: string[], copies: number) =>
      `Уже есть в библиотеке книг: ${names.length.toLocaleString('ru')} (${names
        .slice(0, 5)
        .map((n) => `«${n}»`)
        .join(
          ', ',
        )}${names.length > 5 ? ' и другие' : ''}): новые не создаются, к ним добавятся экземпляры: ${copies.toLocaleString('ru')}.`,
    proceed: 'Загрузить?',
    importNotFound: 'Загрузка не найдена',
  } as const,
  {
    sheet: 'Кітаптар',
    template: 'Кітаптарды импорттау үлгісі',
    missing: (title: string) => `«${title}» бағаны толтырылмаған`,
    tooLong: (title: string) => `«${title}» бағанында ${BOOK_TEXT_MAX} таңбадан көп`,
    year: 'басылған жылы — төрт цифр',
    barcode: (code: string) =>
      `«${code}» штрихкоды: латын әріптері, цифрлар мен таңбалар, ${BOOK_BARCODE_MAX} таңбаға дейін`,
    barcodeTwice: (code: string, line: number) => `${code} штрихкоды ${line}-жолда бұрыннан бар`,
    barcodeTaken: (code: string) => `${code} штрихкоды мектеп кітапханасында бұрыннан бар`,
    count: `даналар саны — 0-ден ${BOOK_COUNT_MAX}-ге дейінгі бүтін сан`,
    countAndBarcodes: 'не штрихкодтарды, не даналар санын көрсетіңіз',
    tooManyCopies: (copies: number) =>
      `файл ${copies.toLocaleString('ru')} дана құрайды, бір жүктеуде — ${BOOK_IMPORT_COPIES_MAX.toLocaleString('ru')}-ден аспайды: файлды бөліктерге бөліңіз`,
    copiesPart: (books: number, copies: number) =>
      `Файл қосады: кітаптар — ${books.toLocaleString('ru')}, даналар — ${copies.toLocaleString('ru')}; әр данаға жапсырма болады.`,
    confirmCopies: (books: number, copies: number) =>
      `Файл қосады: кітаптар — ${books.toLocaleString('ru')}, даналар — ${copies.toLocaleString('ru')}; әр данаға жапсырма болады. Жүктеу керек пе?`,
    newCategories: (names: string[]) =>
      `Санаттар құрылады: ${names.map((n) => `«${n}»`).join(', ')} — қате жазылмағанын тексеріңіз.`,
    booksAgain: (names: string[], copies: number) =>
      `Кітапханада бұрыннан бар кітаптар: ${names.length.toLocaleString('ru')} (${names
        .slice(0, 5)
        .map((n) => `«${n}»`)
        .join(
          ', ',
        )}${names.length > 5 ? ' және басқалары' : ''}): жаңалары құрылмайды, оларға даналар қосылады: ${copies.toLocaleString('ru')}.`,
    proceed: 'Жүктеу керек пе?',
    importNotFound: 'Жүктеу табылмады',
  },
);

export const BookUploadQuery = z.object({
  school_id: optionalQueryId(),
  /** The number of new copies the librarian agreed to, after the import asked (see ImportConfirmBody). */
  confirm_copies: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: M.confirmCopies })
      .int({ error: M.confirmCopies })
      .min(0, { error: M.confirmCopies })
      .max(BOOK_IMPORT_COPIES_MAX, { error: M.confirmCopies })
      .optional(),
  ),
  /** The answer to the import's question about new categories and books it has already. */
  confirm_plan: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  ...importRowsQuery,
});
export type BookUploadQuery = z.infer<typeof BookUploadQuery>;
export const BookTemplateQuery = z.object({ token: z.string().max(4096).optional() });

/**
 * The import's answer: the counts, and the import whose labels are printed from
 * `GET /api/books/import/{import_id}/labels` (thousands of labels are not sent inline).
 */
export const BookImportResult = z.object({
  imported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.array(z.string()).optional(),
  copies: z.number().int(),
  /** Absent from a check (`mode=check`): nothing was imported. */
  import_id: z.number().int().optional(),
  /** A check, or a write of the valid rows: how many rows have a problem; a check lists them. */
  rejected_rows: z.number().int().optional(),
  rejected: z.array(z.string()).optional(),
});
export type BookImportResult = z.infer<typeof BookImportResult>;

export const BookLabel = z.object({ barcode: z.string(), name: z.string() });
export type BookLabel = z.infer<typeof BookLabel>;

export const BookImportLabelsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(BOOK_LABELS_PAGE).default(BOOK_LABELS_PAGE),
  offset: z.coerce.number().int().min(0).max(BOOK_IMPORT_COPIES_MAX).default(0),
});
export type BookImportLabelsQuery = z.infer<typeof BookImportLabelsQuery>;

/** One book file's labels, in the order of its rows: a page of them, with the import's counts. */
export const BookImportLabels = z.object({
  id: z.number().int(),
  school_id: z.number().int(),
  created_at: z.string(),
  books: z.number().int(),
  copies: z.number().int(),
  /** The copies still in the library (a deleted copy has no label to print). */
  total: z.number().int(),
  rows: z.array(BookLabel),
});
export type BookImportLabels = z.infer<typeof BookImportLabels>;

const bookCategoriesEndpoint = endpointsOf('book-categories');

export const BOOK_CATEGORIES_ENDPOINTS = {
  list: bookCategoriesEndpoint('list', {
    query: BookCategoryListQuery,
    answer: BookCategoryList,
    refusals: [404],
    access: rolesFor('/books/categories'),
    module: 'library',
    summary: 'Категории книг школьной библиотеки: по школе, поиск по названию',
  }),
  get: bookCategoriesEndpoint('get', {
    params: IdParams,
    answer: BookCategory,
    refusals: [404],
    access: rolesFor('/books/categories'),
    module: 'library',
    summary: 'Категория книг',
  }),
  create: bookCategoriesEndpoint('create', {
    body: BookCategoryCreate,
    answer: BookCategory,
    access: rolesFor('/books/category/:schoolId/create'),
    module: 'library',
    summary: 'Новая категория книг в школе',
  }),
  update: bookCategoriesEndpoint('update', {
    body: BookCategoryUpdate,
    answer: BookCategory,
    refusals: [404],
    access: rolesFor('/books/categories'),
    module: 'library',
    summary: 'Изменение категории книг',
  }),
  remove: bookCategoriesEndpoint('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404, 409],
    access: rolesFor('/books/categories'),
    module: 'library',
    summary: 'Удаление категории книг',
  }),
};

const bookLoansEndpoint = endpointsOf('book-loans');

export const BOOK_LOANS_ENDPOINTS = {
  student: bookLoansEndpoint('student', {
    query: LibraryStudentQuery,
    answer: LibraryStudent,
    refusals: [404, 409],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Ученик школы по карте',
  }),
  autocomplete: bookLoansEndpoint('autocomplete', {
    query: BookUserAutocompleteQuery,
    answer: BookUserAutocomplete,
    refusals: [404, 409],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Ученики школы по части ФИО, класса или номера карты (до 20)',
  }),
  reader: bookLoansEndpoint('reader', {
    body: LibraryReaderScan,
    answer: LibraryStudent,
    refusals: [404, 409],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Карта со считывателя библиотеки: ученик уходит на экраны выдачи школы',
  }),
  subscribe: bookLoansEndpoint('subscribe', {
    body: LibrarySubscribe,
    answer: LiveTicket,
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Подписка экрана выдачи на считыватель библиотеки',
  }),
  byBarcode: bookLoansEndpoint('byBarcode', {
    query: BookByBarcodeQuery,
    answer: ScannedBookBarcode,
    refusals: [404, 409],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Экземпляр по штрихкоду в школе ученика: на руках ли он и у кого',
  }),
  issue: bookLoansEndpoint('issue', {
    body: BookIssuance,
    answer: LoanResult,
    refusals: [404, 409],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Выдача книг ученику',
  }),
  renew: bookLoansEndpoint('renew', {
    body: BookIssuance,
    answer: LoanResult,
    refusals: [404, 409],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Продление срока книг, которые у ученика на руках',
  }),
  checkIn: bookLoansEndpoint('checkIn', {
    body: BookCheckIn,
    answer: BookCheckedIn,
    refusals: [404],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Приём экземпляра по штрихкоду, без ученика: от того, у кого он на руках',
  }),
  settings: bookLoansEndpoint('settings', {
    query: LibrarySettingsQuery,
    answer: LibrarySettings,
    refusals: [404],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Правила библиотеки школы: что делать при просроченных книгах',
  }),
  saveSettings: bookLoansEndpoint('saveSettings', {
    body: LibrarySettingsBody,
    answer: LibrarySettings,
    refusals: [404],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Правило школы при просроченных книгах: предупреждать или не выдавать',
  }),
  takeBack: bookLoansEndpoint('takeBack', {
    body: BookReturning,
    answer: LoanResult,
    refusals: [404, 409],
    access: rolesFor('/books/issuance'),
    module: 'library',
    summary: 'Приём книг от ученика',
  }),
  onHand: bookLoansEndpoint('onHand', {
    query: OnHandQuery,
    answer: OnHandList,
    refusals: [404, 409],
    access: rolesFor('/books/onhands'),
    module: 'library',
    summary: 'Книги на руках: срок возврата и его состояние',
  }),
  onHandExport: bookLoansEndpoint('onHandExport', {
    query: OnHandExportQuery,
    file: xlsxFile(),
    refusals: [404],
    access: rolesFor('/books/onhands'),
    module: 'library',
    summary: 'Книги на руках (или только просроченные) школы или класса в Excel (ссылка: токен в параметре token)',
  }),
  notices: bookLoansEndpoint('notices', {
    query: OverdueNoticeQuery,
    answer: OverdueNoticeList,
    refusals: [404, 409],
    access: rolesFor('/books/onhands'),
    module: 'library',
    summary: 'Письма родителям о просроченных книгах: кому и когда ушли',
  }),
};

/** The multipart body of the book import, for the API docs (the server reads the file from the stream). */
export const BookUploadBody = z
  .object({
    file: z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'xlsx или xls' }),
    school_id: z.unknown().optional().meta({ type: 'integer', description: 'школа (или ?school_id=)' }),
  })
  .meta({ description: 'Столбцы шаблона: название, авторы, издательство, год, категория, …, штрихкоды' });

const booksEndpoint = endpointsOf('books');
const BOOKS = rolesFor('/books');

export const BOOKS_ENDPOINTS = {
  list: booksEndpoint('list', {
    query: BookListQuery,
    answer: BookList,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Книги школьной библиотеки: по школе, поиск по названию, автору или штрихкоду',
  }),
  get: booksEndpoint('get', {
    params: IdParams,
    answer: Book,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Книга с её штрихкодами',
  }),
  create: booksEndpoint('create', {
    body: BookCreate,
    answer: Book,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Новая книга',
  }),
  update: booksEndpoint('update', {
    body: BookUpdate,
    answer: Book,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Изменение книги',
  }),
  remove: booksEndpoint('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Удаление книги (не пока её экземпляры на руках)',
  }),
  generateCopies: booksEndpoint('generateCopies', {
    body: BookCount,
    answer: Book,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Новые экземпляры книги со сгенерированными штрихкодами',
  }),
  addCopy: booksEndpoint('addCopy', {
    body: BookBarcodeCreate,
    answer: Book,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Новый экземпляр книги с готовым штрихкодом',
  }),
  removeCopy: booksEndpoint('removeCopy', {
    params: IdParams,
    answer: Ok,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Удаление экземпляра (не пока он на руках)',
  }),
  removeCopies: booksEndpoint('removeCopies', {
    body: BookBarcodesRemove,
    answer: BookBarcodesRemoved,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Удаление нескольких экземпляров книги (все или ни одного; не пока они на руках)',
  }),
  history: booksEndpoint('history', {
    body: BookHistoryQuery,
    answer: BookHistory,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'История экземпляра и его книги',
  }),
  upload: booksEndpoint('upload', {
    query: BookUploadQuery,
    body: BookUploadBody,
    multipart: true,
    answer: BookImportResult,
    refusals: { 404: ErrorBody, 409: ImportConfirmBody, 413: ErrorBody },
    access: BOOKS,
    module: 'library',
    summary:
      'Импорт книг из Excel со штрихкодами: всё или ничего (rows=valid — только верные строки, mode=check — ничего не записывая)',
  }),
  rejectedRows: booksEndpoint('rejectedRows', {
    query: BookUploadQuery,
    body: BookUploadBody,
    multipart: true,
    file: xlsxFile('Строки файла с ошибками, как они были, и столбец «Ошибка» с причиной'),
    refusals: [404, 413],
    access: BOOKS,
    module: 'library',
    summary: 'Строки файла импорта книг, которые не загрузятся, с причиной: исправить и загрузить снова',
  }),
  importLabels: booksEndpoint('importLabels', {
    params: IdParams,
    query: BookImportLabelsQuery,
    answer: BookImportLabels,
    refusals: [404, 409],
    access: BOOKS,
    module: 'library',
    summary: 'Этикетки экземпляров, созданных одной загрузкой книг: по страницам',
  }),
  template: booksEndpoint('template', {
    query: BookTemplateQuery,
    file: xlsxFile(),
    access: BOOKS,
    module: 'library',
    summary: 'Шаблон импорта книг (xlsx); токен можно передать в ?token=',
  }),
};
