import { translate, withKazakh } from './languages.ts';
import { z } from './zod.ts';

/**
 * Spreadsheet imports (users, pupils, classes): one multipart field `file`, xlsx or xls. Either every
 * row imports in one transaction or none; rejected rows come back as a 422 on the field `file`,
 * one message per row ('строка 14: неверный ИИН').
 */
export const IMPORT_FIELD = 'file';
export const IMPORT_MAX_ROWS = 20_000;
/** Only this many columns are read: a sheet with 100,000 empty columns costs nothing more. */
export const IMPORT_MAX_COLUMNS = 30;
/** At most this many row messages are sent back; the last one says how many more there were. */
export const IMPORT_MAX_MESSAGES = 200;
export const IMPORT_ACCEPT = '.xlsx,.xls';

export const IMPORT_MESSAGES = withKazakh(
  {
    required: 'Выберите файл Excel (xlsx или xls)',
    notSpreadsheet: 'Файл не является таблицей Excel (xlsx или xls)',
    unreadable: 'Не удалось прочитать файл: он повреждён или сохранён в неподдерживаемом формате',
    tooBig: 'Файл слишком большой',
    empty: 'В файле нет строк для загрузки',
    tooManyRows: (max: number) => `В файле больше ${max} строк: разделите его на части`,
    missingColumn: (title: string) => `В файле нет столбца «${title}»`,
    row: (n: number, message: string) => `строка ${n}: ${message}`,
    badCharacter: (title: string) => `в столбце «${title}» недопустимый символ`,
    more: (n: number) => `и ещё ошибок: ${n}`,
    exampleSheet: 'Пример',
    rejectedSheet: 'Строки с ошибками',
    listsSheet: 'Списки',
    notInList: 'Такого значения нет в списке: выберите из списка или проверьте написание',
    rejectedFile: 'Строки с ошибками.xlsx',
    reasonColumn: 'Ошибка',
    exampleNote: (sheet: string) =>
      `Это пример заполнения: этот лист не загружается. Заполните лист «${sheet}» и загрузите файл.`,
  } as const,
  {
    required: 'Excel файлын таңдаңыз (xlsx немесе xls)',
    notSpreadsheet: 'Файл Excel кестесі емес (xlsx немесе xls)',
    unreadable: 'Файлды оқу мүмкін болмады: ол бүлінген немесе қолдау көрсетілмейтін пішімде сақталған',
    tooBig: 'Файл тым үлкен',
    empty: 'Файлда жүктейтін жолдар жоқ',
    tooManyRows: (max: number) => `Файлда ${max} жолдан көп: оны бөліктерге бөліңіз`,
    missingColumn: (title: string) => `Файлда «${title}» бағаны жоқ`,
    // The row's message is one of ours, said in Kazakh too.
    row: (n: number, message: string) => `${n}-жол: ${translate(message, 'kk')}`,
    badCharacter: (title: string) => `«${title}» бағанында рұқсат етілмеген таңба бар`,
    more: (n: number) => `және тағы қателер: ${n}`,
    exampleSheet: 'Үлгі',
    rejectedSheet: 'Қате жолдар',
    listsSheet: 'Тізімдер',
    notInList: 'Мұндай мән тізімде жоқ: тізімнен таңдаңыз немесе жазылуын тексеріңіз',
    rejectedFile: 'Қате жолдар.xlsx',
    reasonColumn: 'Қате',
    exampleNote: (sheet: string) =>
      `Бұл толтыру үлгісі: бұл парақ жүктелмейді. «${sheet}» парағын толтырып, файлды жүктеңіз.`,
  },
);

/**
 * The valid values of a column, for a message that refuses a value: «1 «А»», «1 «Б»» … the first 12
 * in the reader's order, then how many more; «—» when there are none.
 */
export function validValues(names: readonly string[], max = 12): string {
  if (!names.length) return '—';
  const shown = names.slice(0, max).map((n) => `«${n}»`);
  return names.length > max ? `${shown.join(', ')} … (+${names.length - max})` : shown.join(', ');
}

export const ImportResult = z.object({
  /** Rows written: created plus updated. */
  imported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows left as they were, each with its reason (`строка N: …`): e.g. a class the school has. */
  skipped: z.array(z.string()).optional(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/**
 * The imports that load the valid rows without the others (classes, absences, books; people have
 * their own modes, see users.ts): `mode=check` writes nothing and answers what the file would do;
 * `rows=valid` loads the valid rows only, each other one listed in `skipped` with its reason; the
 * default `rows=all` refuses the whole file for one bad row, as before.
 */
export const IMPORT_MODES = ['write', 'check'] as const;
export const IMPORT_ROWS = ['all', 'valid'] as const;
export const importRowsQuery = {
  mode: z.enum(IMPORT_MODES).default('write'),
  rows: z.enum(IMPORT_ROWS).default('all'),
};

/**
 * What a check or a write of the valid rows says besides the counts: how many rows have a problem
 * (`rejected_rows`); a check lists them in `rejected`, a write in `skipped`.
 */
export const RowsImportResult = ImportResult.extend({
  rejected_rows: z.number().int().optional(),
  rejected: z.array(z.string()).optional(),
});
export type RowsImportResult = z.infer<typeof RowsImportResult>;

/**
 * 409 from an import that asks before writing (a book file that creates thousands of copies): the
 * question in `errorMessage`, and the query to send the same file again with once the person agrees.
 */
export const ImportConfirmBody = z.object({
  error: z.string(),
  errorMessage: z.string(),
  confirm: z.record(z.string(), z.string()),
});
export type ImportConfirmBody = z.infer<typeof ImportConfirmBody>;
