import {
  MANUAL_COUNT_MAX,
  type CanteenManualSave,
  type ManualRow,
  type SchoolManualSave,
} from '@tamaq/contract/manual-fixations';

/**
 * The marks of a manual list as one number per person: 0 = no visit, 1 = marked, and for an
 * endless-card holder in the canteen flow the count of servings. The screen keeps only the edits
 * (id -> value) on top of what the server answered, so "unsaved changes" is simply the edits that
 * differ from the server.
 */
export type Edits = ReadonlyMap<number, number>;

export interface MarkMode {
  /** Endless-card holders get a count instead of a mark (the canteen flow). */
  counts: boolean;
  /** Only pupils with a food category may be marked (the school flow, as a scan requires). */
  needsFoodCategory?: boolean;
}

/** Whether a row may get a mark; one that already has a visit may always lose it. */
export const mayMark = (row: ManualRow, mode: MarkMode): boolean =>
  !mode.needsFoodCategory || row.foodCategory !== null || row.fixation;

/** Whether this row shows a number input rather than a checkbox. */
export const isCounted = (row: ManualRow, mode: MarkMode): boolean => mode.counts && row.endless_use;

/** What the server says: a visit is 1 (a count for a counted row), none is 0. */
export function serverValue(row: ManualRow, mode: MarkMode): number {
  if (!row.fixation) return 0;
  return isCounted(row, mode) ? Math.max(1, row.fixation_count) : 1;
}

export function currentValue(row: ManualRow, edits: Edits, mode: MarkMode): number {
  return edits.get(row.id) ?? serverValue(row, mode);
}

/** A count as typed: empty, 0, negative or not a number is "none"; above the maximum is the maximum. */
export function normaliseCount(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number(value.trim()) : (value ?? 0);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(MANUAL_COUNT_MAX, Math.trunc(n));
}

/** Sets one row's value; an edit back to what the server has is no edit at all. */
export function setValue(rows: readonly ManualRow[], edits: Edits, id: number, value: number, mode: MarkMode): Edits {
  const row = rows.find((r) => r.id === id);
  if (!row) return edits;
  const v = isCounted(row, mode) ? normaliseCount(value) : value > 0 ? 1 : 0;
  const next = new Map(edits);
  if (v === serverValue(row, mode)) next.delete(id);
  else next.set(id, v);
  return next;
}

export const isMarked = (row: ManualRow, edits: Edits, mode: MarkMode): boolean => currentValue(row, edits, mode) > 0;

export interface SelectAllState {
  checked: boolean;
  indeterminate: boolean;
  marked: number;
}

export function selectAllState(rows: readonly ManualRow[], edits: Edits, mode: MarkMode): SelectAllState {
  const marked = rows.filter((r) => isMarked(r, edits, mode)).length;
  const markable = rows.filter((r) => mayMark(r, mode) || isMarked(r, edits, mode)).length;
  return {
    checked: markable > 0 && marked === markable,
    indeterminate: marked > 0 && marked < markable,
    marked,
  };
}

/**
 * The header checkbox: when everybody is marked it clears every row (counts too), otherwise it marks
 * everybody — a counted row without servings gets 1, one that has servings keeps its count.
 */
export function toggleAll(rows: readonly ManualRow[], edits: Edits, mode: MarkMode): Edits {
  const clear = selectAllState(rows, edits, mode).checked;
  let next = edits;
  for (const row of rows) {
    const now = currentValue(row, next, mode);
    const value = clear ? 0 : now > 0 ? now : mayMark(row, mode) ? 1 : 0;
    if (value !== now) next = setValue(rows, next, row.id, value, mode);
  }
  return next;
}

/** How many rows differ from what the server has: the "unsaved changes" count. */
export function dirtyCount(rows: readonly ManualRow[], edits: Edits, mode: MarkMode): number {
  let n = 0;
  for (const row of rows) if (currentValue(row, edits, mode) !== serverValue(row, mode)) n += 1;
  return n;
}

/** Who is marked (a counted row: with servings above 0), in the list's order. */
export const markedIds = (rows: readonly ManualRow[], edits: Edits, mode: MarkMode): number[] =>
  rows.filter((r) => isMarked(r, edits, mode)).map((r) => r.id);

/**
 * Who the list showed with a visit. The server then removes only their visits when unmarked, so a
 * scan recorded at the counter while the admin was marking survives the save.
 */
export const seenIds = (rows: readonly ManualRow[]): number[] => rows.filter((r) => r.fixation).map((r) => r.id);

export interface SchoolFilters {
  date: string;
  schoolId: number;
  classroomId: number | null;
  categoryId: number | null;
}

/** POST /api/school/fixation/manual: exactly the marked set of the rows shown. */
export function buildSchoolSave(rows: readonly ManualRow[], edits: Edits, f: SchoolFilters): SchoolManualSave {
  return {
    date: f.date,
    school_id: f.schoolId,
    classroom_id: f.classroomId,
    category_id: f.categoryId,
    users_ids: markedIds(rows, edits, { counts: false }),
    seen_ids: seenIds(rows),
  };
}

export interface CanteenFilters {
  date: string;
  canteenId: number;
  categoryId: number;
}

/**
 * POST /api/fixation/manual (docs/product.md "Validation"): the marked one-time holders and the endless holders with a
 * count above 0 in `users_ids`; the endless holders' counts in `counts`.
 */
export function buildCanteenSave(rows: readonly ManualRow[], edits: Edits, f: CanteenFilters): CanteenManualSave {
  const mode = { counts: true };
  const counts: Record<string, number> = {};
  const ids: number[] = [];
  for (const row of rows) {
    const value = currentValue(row, edits, mode);
    if (value <= 0) continue;
    ids.push(row.id);
    if (isCounted(row, mode)) counts[String(row.id)] = value;
  }
  return {
    date: f.date,
    canteen_id: f.canteenId,
    category_id: f.categoryId,
    users_ids: ids,
    counts,
    seen_ids: seenIds(rows),
  };
}
