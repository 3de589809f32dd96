/** The people import's rows: the columns it reads, and each row checked against the organization. */
import { isCardNumber, normaliseCardNumber } from '@tamaq/contract/cards';
import { classNameKey } from '@tamaq/contract/classrooms';
import { validValues } from '@tamaq/contract/imports';
import { isValidIin } from '@tamaq/contract/kz-id';
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_COLUMNS_KK,
  USER_IMPORT_GROUP_COLUMN,
  USER_IMPORT_GROUP_COLUMN_KK,
  type userMessages,
} from '@tamaq/contract/users';
import { compareNames } from '../../platform/db/alphabet.ts';
import type { ColumnSpec, RowErrors } from '../../platform/spreadsheet.ts';

const C = USER_IMPORT_COLUMNS;
const K = USER_IMPORT_COLUMNS_KK;

type Column = 'name' | 'iin' | 'classroom' | 'foodCategory' | 'jobTitle' | 'walletFrom' | 'walletTo' | 'card';
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
  {
    key: 'walletFrom',
    titles: [C.walletFrom, 'Соцкошелек с', 'Дата начала соцкошелька', K.walletFrom],
    required: false,
  },
  { key: 'walletTo', titles: [C.walletTo, 'Соцкошелек по', 'Дата окончания соцкошелька', K.walletTo], required: false },
  { key: 'card', titles: [C.card, 'Карта', 'Номер карточки', K.card, 'Карта'], required: false },
];

/** Excel's day 0 (its serial dates count from 30.12.1899, the 1900 leap-year error included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A date as a school's file holds it: 'ДД.ММ.ГГГГ' (or with '/' or '-'), 'ГГГГ-ММ-ДД', or a date cell
 * (Excel's day number, 20 000–80 000: 1954–2119). 'YYYY-MM-DD', '' for none, null for what is no date.
 */
export function importDate(text: string): string | null {
  const t = text.trim();
  if (t === '') return '';
  let y: number;
  let m: number;
  let d: number;
  const dotted = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (dotted) [d, m, y] = [Number(dotted[1]), Number(dotted[2]), Number(dotted[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (/^\d{5}(\.0+)?$/.test(t) && Number(t) >= 20_000 && Number(t) <= 80_000)
    return new Date(EXCEL_EPOCH + Math.round(Number(t)) * 86_400_000).toISOString().slice(0, 10);
  else return null;
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d || y < 2000 || y > 2100)
    return null;
  return at.toISOString().slice(0, 10);
}

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
  /** The social wallet's first and last day as the file gives them (undefined: the column is empty). */
  walletFrom: string | undefined;
  walletTo: string | undefined;
  /** A card number to link to the person, as the scanner reads it (upper case). */
  card: string | null;
}

/**
 * Every row checked on its own and against the file (a name, the IIN valid and once, the class and
 * the food category known by name): the good rows, and each problem added to `errors` by its line.
 * `known.classroom` is the class the whole file goes to, when the caller named one.
 */
export function checkRows(
  table: readonly { line: number; values: Record<Column, string> }[],
  known: {
    classrooms: readonly { id: number; schoolId: number; name: string; nameKk: string | null }[];
    categories: readonly { id: number; type: 'sw' | 'common'; name: string; nameKk: string | null }[];
    classroom: ParsedRow['classroom'];
    /** The organization's today: a wallet may not begin after it. */
    today: string;
  },
  I: ReturnType<typeof userMessages>['imports'],
  errors: RowErrors,
): ParsedRow[] {
  const { classrooms, categories } = known;
  const classByName = new Map<string, { id: number; schoolId: number }[]>();
  // A class is found by its name as a person writes it, in either language: «5 В» finds «5 «В»»
  // (see classNameKey), «Күншуақ» the group «Солнышко» named so in Kazakh.
  for (const c of classrooms) {
    for (const k of new Set([c.name, c.nameKk ?? c.name].map(classNameKey))) {
      classByName.set(k, [...(classByName.get(k) ?? []), c]);
    }
  }
  // A category is found by either of its names (a Kazakh sheet writes the Kazakh one).
  const categoryByName = new Map<string, { id: number; type: 'sw' | 'common' }>();
  for (const c of categories)
    for (const n of [c.name, c.nameKk]) if (n && !categoryByName.has(key(n))) categoryByName.set(key(n), c);
  // What a refused class or category could have been.
  const byReader = (names: (string | null)[]) => [...new Set(names.filter((n): n is string => !!n))].sort(compareNames);
  const validClasses = validValues(byReader(classrooms.flatMap((c) => [c.name, c.nameKk])));
  const validCategories = validValues(byReader(categories.flatMap((c) => [c.name, c.nameKk])));

  const seenIin = new Map<string, number>();
  const seenCard = new Map<string, number>();
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

    const card = v.card ? normaliseCardNumber(v.card) : null;
    if (card !== null) {
      if (!isCardNumber(card)) fail(I.badCard(v.card));
      else if (seenCard.has(card)) fail(I.duplicateCard(seenCard.get(card)!));
      else seenCard.set(card, line);
    }

    let classroom: ParsedRow['classroom'] = known.classroom;
    if (!classroom && v.classroom) {
      const found = classByName.get(classNameKey(v.classroom)) ?? [];
      if (found.length === 1) classroom = found[0]!;
      else fail(found.length ? I.ambiguousClassroom(v.classroom) : I.unknownClassroom(v.classroom, validClasses));
    }

    let foodCategory: ParsedRow['foodCategory'] = null;
    if (v.foodCategory) {
      foodCategory = categoryByName.get(key(v.foodCategory)) ?? null;
      if (!foodCategory) fail(I.unknownCategory(v.foodCategory, validCategories));
    }

    const walletFrom = importDate(v.walletFrom ?? '');
    const walletTo = importDate(v.walletTo ?? '');
    if (walletFrom === null) fail(I.badWalletDate(C.walletFrom, v.walletFrom));
    if (walletTo === null) fail(I.badWalletDate(C.walletTo, v.walletTo));
    if (walletFrom && walletTo && walletTo < walletFrom) fail(I.walletOrder);
    else if (walletFrom && walletFrom > known.today) fail(I.walletFromFuture);
    else if ((walletFrom || walletTo) && foodCategory && foodCategory.type !== 'sw') fail(I.walletOnlySw);

    if (ok)
      rows.push({
        line,
        name: v.name,
        iin,
        classroom,
        foodCategory,
        jobTitle: v.jobTitle || null,
        walletFrom: walletFrom || undefined,
        walletTo: walletTo || undefined,
        card,
      });
  }
  return rows;
}
