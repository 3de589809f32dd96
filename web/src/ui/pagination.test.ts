import { describe, expect, it } from 'vitest';
import { pageCount, pageOfOffset, paginationWindow } from './pagination.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('paginationWindow', () => {
  it('shows 6 pages behind and 5 ahead of the current one', () => {
    expect(paginationWindow(20, 50, false)).toEqual(range(14, 25));
  });

  it('shows 3 behind and 2 ahead on a narrow screen', () => {
    expect(paginationWindow(20, 50, true)).toEqual(range(17, 22));
  });

  it('does not go below page 1 near the start', () => {
    expect(paginationWindow(1, 50, false)).toEqual(range(1, 6));
    expect(paginationWindow(3, 50, false)).toEqual(range(1, 8));
    expect(paginationWindow(2, 50, true)).toEqual(range(1, 4));
  });

  it('does not go past the last page near the end', () => {
    expect(paginationWindow(50, 50, false)).toEqual(range(44, 50));
    expect(paginationWindow(48, 50, true)).toEqual(range(45, 50));
  });

  it('shows every page of a short list', () => {
    expect(paginationWindow(2, 3, false)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 1, true)).toEqual([1]);
  });

  it('shows nothing when there are no pages', () => {
    expect(paginationWindow(1, 0, false)).toEqual([]);
  });

  it('treats a page past the end (a stale URL) as the last page', () => {
    expect(paginationWindow(99, 10, true)).toEqual(range(7, 10));
  });
});

describe('pageCount and pageOfOffset', () => {
  it('counts pages of 30 rows', () => {
    expect(pageCount(0, 30)).toBe(0);
    expect(pageCount(30, 30)).toBe(1);
    expect(pageCount(31, 30)).toBe(2);
  });

  it('finds the page an offset is on', () => {
    expect(pageOfOffset(0, 30)).toBe(1);
    expect(pageOfOffset(29, 30)).toBe(1);
    expect(pageOfOffset(60, 30)).toBe(3);
  });
});
