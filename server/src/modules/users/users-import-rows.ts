/** The people import's rows: the columns it reads, and each row checked against the organization. */
import { isValidIin } from '@tamaq/contract/kz-id';
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_COLUMNS_KK,
  USER_IMPORT_GROUP_COLUMN,
  USER_IMPORT_GROUP_COLUMN_KK,
  type userMessages,
} from '@tamaq/contract/users';
import type { ColumnSpec, RowErrors } from '../../platform/spreadsheet.ts';

const C = USER_IMPORT_COLUMNS;
const K = USER_IMPORT_COLUMNS_KK;

type Column = 'name' | 'iin' | 'classroom' | 'foodCategory' | 'jobTitle';
export const USER_COLUMNS: readonly ColumnSpec<Column>[] = [
  { key: 'name', titles: [C.name, 'Ф.И.О.', 'ФИО ученика', K.name, 'Оқушының аты-жөні'], required: true },
  { key: 'iin', titles: [C.iin, K.iin], required: false },
  {
    key: 'classroom',
    titles: [C.classroom, USER_IMPORT_GROUP_COLUMN, K.classroom, USER_IMPORT_GROUP_COLUMN_KK],
    required: false,
  },
  { key: 'foodCategory', titles: [C.foodCategory, 'Категория', K.foodCategory, 'Санат'], required: false },
  { key: 'jobTitle', titles: [C.jobTitle, K.jobTitle, 'Лауазым'], required: false },
];

const MAX_TEXT = 255;
/** Names compare trimmed and in lower case. */
export const key = (s: string) => s.trim().toLowerCase();

/**
 * An IIN typed into Excel as a number loses its leading zero (pupils born 2000–2009): eleven digits
 * are read as the twelve they were. Spaces inside the number are ignored.
 */
export const normaliseIin = (raw: string) => {
  const digits = raw.replace(/\s+/g, '');
  return /^\d{11}$/.test(digits) ? `0${digits}` : digits;
};

export interface ParsedRow {
  line: number;
  name: string;
  iin: string | null;
  classroom: { id: number; schoolId: number } | null;
  foodCategory: { id: number; type: 'sw' | 'common' } | null;
  jobTitle: string | null;
}

/**
 * Every row checked on its own and against the file (a name, the IIN valid and once, the class and
 * the food category known by name): the good rows, and each problem added to `errors` by its line.
 * `known.classroom` is the class the whole file goes to, when the caller named one.
 */
export function checkRows(
  table: readonly { line: number; values: Record<Column, string> }[],
  known: {
    classrooms: readonly { id: number; schoolId: number; name: string }[];
    categories: readonly { id: number; type: 'sw' | 'common'; name: string }[];
    classroom: ParsedRow['classroom'];
  },
  I: ReturnType<typeof userMessages>['imports'],
  errors: RowErrors,
): ParsedRow[] {
  const { classrooms, categories } = known;
  const classByName = new Map<string, { id: number; schoolId: number }[]>();
  for (const c of classrooms) classByName.set(key(c.name), [...(classByName.get(key(c.name)) ?? []), c]);
  const categoryByName = new Map<string, { id: number; type: 'sw' | 'common' }>();
  for (const c of categories) if (!categoryByName.has(key(c.name))) categoryByName.set(key(c.name), c);

  const seenIin = new Map<string, number>();
  const rows: ParsedRow[] = [];
  for (const { line, values: v } of table) {
    let ok = true;
    const fail = (message: string) => {
      errors.add(line, message);
      ok = false;
    };
    if (!v.name) fail(I.nameRequired);
    else if (v.name.length > MAX_TEXT) fail(I.tooLong(C.name, MAX_TEXT));
    if (v.jobTitle.length > MAX_TEXT) fail(I.tooLong(C.jobTitle, MAX_TEXT));

    const iin = v.iin ? normaliseIin(v.iin) : null;
    if (iin !== null) {
      if (!isValidIin(iin)) fail(I.badIin);
      else if (seenIin.has(iin)) fail(I.duplicateIin(seenIin.get(iin)!));
      else seenIin.set(iin, line);
    }

    let classroom: ParsedRow['classroom'] = known.classroom;
    if (!classroom && v.classroom) {
      const found = classByName.get(key(v.classroom)) ?? [];
      if (found.length === 1) classroom = found[0]!;
      else fail(found.length ? I.ambiguousClassroom(v.classroom) : I.unknownClassroom(v.classroom));
    }

    let foodCategory: ParsedRow['foodCategory'] = null;
    if (v.foodCategory) {
      foodCategory = categoryByName.get(key(v.foodCategory)) ?? null;
      if (!foodCategory) fail(I.unknownCategory(v.foodCategory));
    }

    if (ok) rows.push({ line, name: v.name, iin, classroom, foodCategory, jobTitle: v.jobTitle || null });
  }
  return rows;
}
