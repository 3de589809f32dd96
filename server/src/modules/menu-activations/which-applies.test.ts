import { describe, expect, it } from 'vitest';
import { seasonOf, seasonStart } from '@tamaq/contract/menus';
import { applyingOn, cycleStart, type Dated } from './which-applies.ts';

describe('seasons', () => {
  it('runs summer–autumn from 1 June to 30 November and winter–spring from 1 December to 31 May', () => {
    expect(seasonOf('2026-05-31')).toBe('winter_spring');
    expect(seasonOf('2026-06-01')).toBe('summer_autumn');
    expect(seasonOf('2026-11-30')).toBe('summer_autumn');
    expect(seasonOf('2026-12-01')).toBe('winter_spring');
    expect(seasonStart('2026-09-15')).toBe('2026-06-01');
    expect(seasonStart('2026-12-03')).toBe('2026-12-01');
    expect(seasonStart('2027-03-10')).toBe('2026-12-01');
  });
});

describe('which activation applies', () => {
  const allYear: Dated & { n: string } = { n: 'all', date: '2026-09-01', season: null };
  const winter: Dated & { n: string } = { n: 'winter', date: '2026-11-16', season: 'winter_spring' };
  const summer: Dated & { n: string } = { n: 'summer', date: '2026-09-01', season: 'summer_autumn' };

  it('takes the newest of the date’s season or of none, and none before the first', () => {
    const rows = [winter, allYear];
    expect(applyingOn(rows, '2026-08-31')).toBeNull();
    // Activated in November, the winter menu waits for its season.
    expect(applyingOn(rows, '2026-11-20')?.n).toBe('all');
    expect(applyingOn(rows, '2026-12-01')?.n).toBe('winter');
    expect(applyingOn(rows, '2027-05-31')?.n).toBe('winter');
    // The summer after, the all-year menu serves again.
    expect(applyingOn(rows, '2027-06-01')?.n).toBe('all');
    // Two seasonal menus take turns year after year.
    const pair = [winter, summer];
    expect(applyingOn(pair, '2026-10-01')?.n).toBe('summer');
    expect(applyingOn(pair, '2027-01-11')?.n).toBe('winter');
    expect(applyingOn(pair, '2027-09-01')?.n).toBe('summer');
    // A later all-year menu replaces both.
    const later: Dated & { n: string } = { n: 'later', date: '2027-02-01', season: null };
    expect(applyingOn([later, winter, summer], '2027-09-01')?.n).toBe('later');
  });

  it('starts a seasonal cycle on its season’s first day, and an all-year one again after the other season', () => {
    expect(cycleStart(winter, [winter, allYear], '2026-12-07')).toBe('2026-12-01');
    expect(cycleStart(winter, [winter, allYear], '2027-12-07')).toBe('2027-12-01');
    expect(cycleStart(summer, [summer], '2026-09-07')).toBe('2026-09-01');
    expect(cycleStart(summer, [summer], '2027-06-07')).toBe('2027-06-01');
    expect(cycleStart(allYear, [winter, allYear], '2026-11-20')).toBe('2026-09-01');
    expect(cycleStart(allYear, [winter, allYear], '2027-06-02')).toBe('2027-06-01');
    expect(cycleStart(allYear, [allYear], '2027-06-02')).toBe('2026-09-01');
  });
});
