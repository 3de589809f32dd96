import type { ManualRow } from '@tamaq/contract/manual-fixations';
import { describe, expect, it } from 'vitest';
import {
  mayMark,
  buildCanteenSave,
  buildSchoolSave,
  dirtyCount,
  normaliseCount,
  selectAllState,
  setValue,
  toggleAll,
  type Edits,
} from './marks.ts';
import { shownErrors } from './server-errors.ts';
import { orgToday } from './today.ts';
import { parseUrlDate } from './url-params.ts';
import { ApiError } from '../../lib/api-error.ts';

const row = (id: number, extra: Partial<ManualRow> = {}): ManualRow => ({
  id,
  name: `Человек ${id}`,
  job_title: null,
  image: null,
  classroom: null,
  foodCategory: null,
  fixation: false,
  fixation_count: 0,
  endless_use: false,
  ...extra,
});

const NONE: Edits = new Map();
const SCHOOL = { counts: false };
const CANTEEN = { counts: true };

describe('school marks', () => {
  const rows = [row(1), row(2, { fixation: true, fixation_count: 1 }), row(3)];
  const f = { date: '2026-11-20', schoolId: 7, classroomId: 3, categoryId: null };

  it('sends exactly the marked set: the already marked plus the newly marked, minus the unmarked', () => {
    let e = setValue(rows, NONE, 1, 1, SCHOOL);
    e = setValue(rows, e, 2, 0, SCHOOL);
    e = setValue(rows, e, 3, 1, SCHOOL);
    expect(buildSchoolSave(rows, e, f)).toEqual({
      date: '2026-11-20',
      school_id: 7,
      classroom_id: 3,
      category_id: null,
      users_ids: [1, 3],
      // Row 2 had a visit when the list loaded: only it may lose one, not a visit scanned since.
      seen_ids: [2],
    });
    expect(dirtyCount(rows, e, SCHOOL)).toBe(3);
  });

  it('sends the server marks unchanged when nothing was touched', () => {
    expect(buildSchoolSave(rows, NONE, f).users_ids).toEqual([2]);
    expect(dirtyCount(rows, NONE, SCHOOL)).toBe(0);
  });

  it('forgets an edit that returns a row to what the server has', () => {
    let e = setValue(rows, NONE, 1, 1, SCHOOL);
    expect(dirtyCount(rows, e, SCHOOL)).toBe(1);
    e = setValue(rows, e, 1, 0, SCHOOL);
    expect(e.size).toBe(0);
    expect(dirtyCount(rows, e, SCHOOL)).toBe(0);
  });

  it('treats an endless card as a plain mark in the school flow', () => {
    const endless = [row(5, { endless_use: true, fixation: true, fixation_count: 3 })];
    expect(buildSchoolSave(endless, NONE, f).users_ids).toEqual([5]);
    expect(dirtyCount(endless, setValue(endless, NONE, 5, 1, SCHOOL), SCHOOL)).toBe(0);
  });

  it('select-all marks everybody, and a second press clears everybody', () => {
    const all = toggleAll(rows, NONE, SCHOOL);
    expect(selectAllState(rows, all, SCHOOL)).toEqual({ checked: true, indeterminate: false, marked: 3 });
    expect(dirtyCount(rows, all, SCHOOL)).toBe(2);
    const none = toggleAll(rows, all, SCHOOL);
    expect(selectAllState(rows, none, SCHOOL)).toEqual({ checked: false, indeterminate: false, marked: 0 });
    expect(buildSchoolSave(rows, none, f).users_ids).toEqual([]);
  });

  it('shows the header checkbox half-checked when some rows are marked', () => {
    expect(selectAllState(rows, NONE, SCHOOL)).toEqual({ checked: false, indeterminate: true, marked: 1 });
    expect(selectAllState([], NONE, SCHOOL)).toEqual({ checked: false, indeterminate: false, marked: 0 });
  });
});

describe('pupils without a food category', () => {
  const FED = { id: 1, name: 'Платное питание' };
  const SCHOOL_STRICT = { counts: false, needsFoodCategory: true };
  const rows = [row(1, { foodCategory: FED }), row(2), row(3, { fixation: true, fixation_count: 1 })];

  it('may not be marked in the school flow, but a visit they already have may be removed', () => {
    expect(rows.map((r) => mayMark(r, SCHOOL_STRICT))).toEqual([true, false, true]);
    expect(mayMark(row(2), CANTEEN)).toBe(true);
  });

  it('are skipped by select-all, which then counts as everybody marked', () => {
    const e = toggleAll(rows, NONE, SCHOOL_STRICT);
    expect(
      buildSchoolSave(rows, e, { date: '2026-11-20', schoolId: 7, classroomId: 3, categoryId: null }).users_ids,
    ).toEqual([1, 3]);
    expect(selectAllState(rows, e, SCHOOL_STRICT)).toMatchObject({ checked: true, indeterminate: false });
  });
});

describe('canteen marks', () => {
  const rows = [
    row(1),
    row(2, { endless_use: true }),
    row(3, { endless_use: true, fixation: true, fixation_count: 2 }),
    row(4, { fixation: true, fixation_count: 1 }),
  ];
  const f = { date: '2026-11-20', canteenId: 4, categoryId: 9 };

  it('sends marked one-time holders and endless holders with a count, and the counts (docs/product.md "Validation")', () => {
    let e = setValue(rows, NONE, 1, 1, CANTEEN);
    e = setValue(rows, e, 2, 5, CANTEEN);
    expect(buildCanteenSave(rows, e, f)).toEqual({
      date: '2026-11-20',
      canteen_id: 4,
      category_id: 9,
      users_ids: [1, 2, 3, 4],
      counts: { '2': 5, '3': 2 },
      seen_ids: [3, 4],
    });
  });

  it('leaves out an endless holder whose count was cleared or set to 0', () => {
    let e = setValue(rows, NONE, 3, 0, CANTEEN);
    e = setValue(rows, e, 4, 0, CANTEEN);
    const body = buildCanteenSave(rows, e, f);
    expect(body.users_ids).toEqual([]);
    expect(body.counts).toEqual({});
    expect(dirtyCount(rows, e, CANTEEN)).toBe(2);
  });

  it('counts a changed number of servings as a change, the same number as none', () => {
    expect(dirtyCount(rows, setValue(rows, NONE, 3, 4, CANTEEN), CANTEEN)).toBe(1);
    expect(setValue(rows, NONE, 3, 2, CANTEEN).size).toBe(0);
  });

  it('select-all gives an endless holder without servings 1 and keeps an existing count', () => {
    const all = toggleAll(rows, NONE, CANTEEN);
    expect(buildCanteenSave(rows, all, f).counts).toEqual({ '2': 1, '3': 2 });
    expect(buildCanteenSave(rows, toggleAll(rows, all, CANTEEN), f).users_ids).toEqual([]);
  });

  it('reads a typed count: empty, 0 or negative is none, the maximum is 1000, fractions drop', () => {
    expect(normaliseCount(null)).toBe(0);
    expect(normaliseCount('')).toBe(0);
    expect(normaliseCount(0)).toBe(0);
    expect(normaliseCount(-3)).toBe(0);
    expect(normaliseCount(2.7)).toBe(2);
    expect(normaliseCount('12')).toBe(12);
    expect(normaliseCount(5000)).toBe(1000);
    expect(normaliseCount(Number.NaN)).toBe(0);
  });
});

describe('shownErrors', () => {
  const invalid = (validationErrors: Record<string, string[]>) =>
    new ApiError({ status: 422, code: 'Validation error', validationErrors });

  it('puts field messages under the filters, counts on their rows and the rest in one alert', () => {
    const shown = shownErrors(
      invalid({
        date: ['Нельзя отметить питание на будущую дату', 'второе'],
        'counts.12': ['Количество — от 1 до 1000'],
        users_ids: ['В списке нет такого человека: обновите страницу'],
      }),
      ['date', 'canteen_id'],
    );
    expect(shown).toEqual({
      fields: { date: 'Нельзя отметить питание на будущую дату' },
      rows: { 12: 'Количество — от 1 до 1000' },
      general: 'В списке нет такого человека: обновите страницу',
    });
  });

  it('shows a conflict or a lost connection in the alert', () => {
    const conflict = new ApiError({ status: 409, code: 'Conflict', errorMessage: 'Уже отмечен в другой столовой' });
    expect(shownErrors(conflict, ['date'])).toEqual({ fields: {}, rows: {}, general: 'Уже отмечен в другой столовой' });
  });
});

describe('dates', () => {
  it('takes today in the organization time zone, not the computer one', () => {
    // 20:30 UTC on 20 November is already 21 November in Almaty; 17:30 UTC is still the 20th.
    expect(orgToday(Date.UTC(2026, 10, 20, 20, 30), 'Asia/Almaty')).toBe('2026-11-21');
    expect(orgToday(Date.UTC(2026, 10, 20, 17, 30), 'Asia/Almaty')).toBe('2026-11-20');
  });

  it('accepts only real dates from the URL', () => {
    expect(parseUrlDate('2026-11-20')).toBe('2026-11-20');
    expect(parseUrlDate('2026-02-30')).toBeNull();
    expect(parseUrlDate('20.11.2026')).toBeNull();
    expect(parseUrlDate(undefined)).toBeNull();
  });
});
