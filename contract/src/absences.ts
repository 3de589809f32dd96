import { NameAnswer } from './names.ts';
import { withKazakh } from './languages.ts';
import { endpointsOf, xlsxFile } from './endpoint-kit.ts';
import { importRowsQuery, RowsImportResult } from './imports.ts';
import { rolesFor } from './routes.ts';
import { DAY_KINDS } from './calendar.ts';
import { bodyId, id, z } from './zod.ts';

/**
 * Absences (docs/rules.md "Absences"): who of a class is away on a school day. An absent pupil is
 * not due a meal that day; a meal recorded for the pupil that day overrides the mark (the child came).
 */
export const ABSENCE_MESSAGES = withKazakh(
  {
    classroomNotFound: 'Класс не найден',
    date: 'Укажите дату в виде ДД.ММ.ГГГГ',
    notSchoolDay: 'В этот день школа не работает (праздник, выходной или каникулы): отсутствующих не отмечают',
    tooFar: 'Отметить можно до 14 дней вперёд',
    notInClass: 'Этого ученика нет в классе: обновите страницу',
    tooMany: 'Слишком много учеников',
    schoolNotFound: 'Школа не найдена',
    importWho: 'укажите ФИО или ИИН ученика',
    importDate: 'дата не в виде ДД.ММ.ГГГГ',
    importNoPupil: 'такого ученика в школе нет',
    importSeveral: 'в школе несколько учеников с таким ФИО: укажите ИИН или класс',
    importNotSchoolDay: (date: string) => `${date} школа не работает (праздник, выходной или каникулы)`,
    importTooFar: (date: string) => `${date}: отметить можно до 14 дней вперёд`,
    importRepeat: (line: number) => `тот же ученик и день, что в строке ${line}`,
    importAlready: 'уже отмечен(а) отсутствующим в этот день',
    template: 'Шаблон отсутствующих',
    sheet: 'Отсутствующие',
  } as const,
  {
    classroomNotFound: 'Сынып табылмады',
    date: 'Күнді КК.АА.ЖЖЖЖ түрінде көрсетіңіз',
    notSchoolDay: 'Бұл күні мектеп жұмыс істемейді (мереке, демалыс немесе каникул): келмегендер белгіленбейді',
    tooFar: '14 күн алдағы уақытқа дейін белгілеуге болады',
    notInClass: 'Бұл оқушы сыныпта жоқ: бетті жаңартыңыз',
    tooMany: 'Оқушылар тым көп',
    schoolNotFound: 'Мектеп табылмады',
    importWho: 'оқушының аты-жөнін немесе ЖСН-ін көрсетіңіз',
    importDate: 'күні КК.АА.ЖЖЖЖ түрінде емес',
    importNoPupil: 'мектепте мұндай оқушы жоқ',
    importSeveral: 'мектепте осындай аты-жөні бар бірнеше оқушы бар: ЖСН-ін немесе сыныбын көрсетіңіз',
    importNotSchoolDay: (date: string) => `${date} мектеп жұмыс істемейді (мереке, демалыс немесе каникул)`,
    importTooFar: (date: string) => `${date}: 14 күн алдағы уақытқа дейін белгілеуге болады`,
    importRepeat: (line: number) => `${line}-жолдағы оқушы мен күн`,
    importAlready: 'бұл күні келмеген деп белгіленген',
    template: 'Келмегендер үлгісі',
    sheet: 'Келмегендер',
  },
);
const M = ABSENCE_MESSAGES;

/** How far ahead an absence may be marked (a note from the doctor for the coming days). */
export const ABSENCE_DAYS_AHEAD = 14;
export const ABSENCE_MAX_PUPILS = 500;

const absenceDate = () =>
  z
    .string({ error: M.date })
    .trim()
    .pipe(z.iso.date({ error: M.date }))
    .refine((v) => v >= '2020-01-01' && v <= '2100-12-31', { error: M.date });

/** `GET /api/absences`: a class and a day. */
export const AbsenceQuery = z.object({ classroomId: id(), date: absenceDate() });
export type AbsenceQuery = z.infer<typeof AbsenceQuery>;

export const AbsenceList = z.object({
  classroom: z.object({ id: z.number().int(), ...NameAnswer, school_id: z.number().int() }),
  date: z.string(),
  /** What the school's day is: marks are kept on working days only. */
  day: z.object({ kind: z.enum(DAY_KINDS), name: z.string().nullable(), name_kk: z.string().nullable() }),
  pupils: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      absent: z.boolean(),
      /** A meal recorded that day (the time of the first): the child came, whatever the mark says. */
      ate_at: z.string().nullable(),
    }),
  ),
});
export type AbsenceList = z.infer<typeof AbsenceList>;

/** `PUT /api/absences`: exactly these pupils of the class are away that day. */
export const AbsenceSave = z.object({
  classroom_id: bodyId(),
  date: absenceDate(),
  absent_ids: z.array(bodyId()).max(ABSENCE_MAX_PUPILS, { error: M.tooMany }),
});
export type AbsenceSave = z.infer<typeof AbsenceSave>;

export const AbsenceSaved = z.object({ absent: z.number().int(), added: z.number().int(), removed: z.number().int() });
export type AbsenceSaved = z.infer<typeof AbsenceSaved>;

/**
 * The import of absences from the e-journal's .xlsx (docs/rules.md "Absences"): a row per pupil and
 * day, the pupil by IIN or by name (and class where two share a name). Header titles compared
 * case-insensitively.
 */
export const ABSENCE_IMPORT_TITLES = {
  name: ['ФИО', 'Ученик', 'ФИО ученика', 'Аты-жөні', 'Оқушы'],
  iin: ['ИИН', 'ЖСН'],
  classroom: ['Класс', 'Сынып'],
  date: ['Дата', 'Күні', 'Дата отсутствия'],
} as const;
export const AbsenceUploadQuery = z.object({ schoolId: id(), ...importRowsQuery });
export type AbsenceUploadQuery = z.infer<typeof AbsenceUploadQuery>;
/** The multipart body of the import, for the API docs (the file is read from the stream). */
export const AbsenceUploadBody = z
  .object({
    file: z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'xlsx или xls' }),
  })
  .meta({ description: 'Столбцы «ФИО» или «ИИН», «Класс» (по желанию), «Дата»: строка — ученик и день' });
export const AbsenceTemplateQuery = z.object({ token: z.string().max(4096).optional() });

const absencesEndpoint = endpointsOf('absences');
const access = rolesFor('/absences');

export const ABSENCES_ENDPOINTS = {
  list: absencesEndpoint('list', {
    query: AbsenceQuery,
    answer: AbsenceList,
    refusals: [404],
    access,
    summary: 'Ученики класса на день: кто отсутствует и кто поел',
  }),
  save: absencesEndpoint('save', {
    body: AbsenceSave,
    answer: AbsenceSaved,
    refusals: [404],
    access,
    summary: 'Отсутствующие класса за день: ровно отмеченные (рабочий день школы)',
    example: { classroom_id: 1, date: '2026-12-01', absent_ids: [] },
  }),
  upload: absencesEndpoint('upload', {
    query: AbsenceUploadQuery,
    body: AbsenceUploadBody,
    multipart: true,
    answer: RowsImportResult,
    refusals: [404, 413],
    access,
    summary:
      'Импорт отсутствующих из Excel электронного журнала: всё или ничего (rows=valid — только верные строки, mode=check — ничего не записывая), по рабочим дням школы',
  }),
  rejectedRows: absencesEndpoint('rejectedRows', {
    query: AbsenceUploadQuery,
    body: AbsenceUploadBody,
    multipart: true,
    file: xlsxFile('Строки файла с ошибками, как они были, и столбец «Ошибка» с причиной'),
    refusals: [404, 413],
    access,
    summary: 'Строки файла импорта отсутствующих, которые не загрузятся, с причиной: исправить и загрузить снова',
  }),
  template: absencesEndpoint('template', {
    query: AbsenceTemplateQuery,
    file: xlsxFile(),
    access,
    summary: 'Шаблон импорта отсутствующих (xlsx); токен можно передать в ?token=',
  }),
};
