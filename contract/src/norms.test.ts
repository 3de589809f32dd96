import { describe, expect, it } from 'vitest';
import { bandFor, dayNorm, mealNorm, NORM_TEMPLATES, normCheck, templateValues } from './norms.ts';

/** docs/rules.md "Norm sets". */
describe('bandFor', () => {
  it('takes the band sharing the most years, the older of two that share as many, none that shares none', () => {
    const bands = [
      { ageFrom: 1, ageTo: 2 },
      { ageFrom: 3, ageTo: 6 },
      { ageFrom: 7, ageTo: 11 },
      { ageFrom: 12, ageTo: 18 },
    ];
    expect(bandFor({ ageFrom: 6, ageTo: 10 }, bands)).toEqual({ ageFrom: 7, ageTo: 11 });
    expect(bandFor({ ageFrom: 11, ageTo: 18 }, bands)).toEqual({ ageFrom: 12, ageTo: 18 });
    expect(bandFor({ ageFrom: 1, ageTo: 3 }, bands)).toEqual({ ageFrom: 1, ageTo: 2 });
    expect(bandFor({ ageFrom: 3, ageTo: 7 }, bands)).toEqual({ ageFrom: 3, ageTo: 6 });
    const kz = [
      { ageFrom: 7, ageTo: 10 },
      { ageFrom: 11, ageTo: 14 },
      { ageFrom: 15, ageTo: 18 },
    ];
    expect(bandFor({ ageFrom: 11, ageTo: 18 }, kz)).toEqual({ ageFrom: 15, ageTo: 18 });
    expect(bandFor({ ageFrom: 1, ageTo: 3 }, kz)).toBeNull();
  });
});

describe('templateValues', () => {
  it('gives each age group the rows of its band, the day’s as meal 0, and a group no band meets none', () => {
    const sanpin = NORM_TEMPLATES.find((t) => t.code === 'sanpin-2020')!;
    const values = templateValues(sanpin, [
      { id: 1, ageFrom: 6, ageTo: 10 },
      { id: 2, ageFrom: 19, ageTo: 25 },
    ]);
    expect(values).toEqual([
      { ageGroupId: 1, meal: 0, nutrient: 'energyKcal', value: '2350' },
      { ageGroupId: 1, meal: 0, nutrient: 'proteinG', value: '77' },
      { ageGroupId: 1, meal: 0, nutrient: 'fatG', value: '79' },
      { ageGroupId: 1, meal: 0, nutrient: 'carbohydrateG', value: '335' },
    ]);
    const kz = NORM_TEMPLATES.find((t) => t.code === 'kz-2019-lunch')!;
    expect(templateValues(kz, [{ id: 3, ageFrom: 7, ageTo: 10 }])).toEqual([
      { ageGroupId: 3, meal: 3, nutrient: 'energyKcal', value: '840' },
    ]);
  });

  it('ships shares of at most 100 % and each meal once', () => {
    for (const t of NORM_TEMPLATES) {
      expect(new Set(t.shares.map((s) => s.meal)).size, t.code).toBe(t.shares.length);
      expect(
        t.shares.reduce((sum, s) => sum + Number(s.share_pct), 0),
        t.code,
      ).toBeLessThanOrEqual(100);
    }
  });
});

describe('the menu against a norm', () => {
  const table = {
    tolerancePct: 10,
    shares: new Map([
      [1, 22.5],
      [3, 32.5],
    ]),
    values: new Map([
      ['7:0:energyKcal', 2350],
      ['7:3:proteinG', 20],
      ['7:0:saltG', 5],
    ]),
  };

  it('takes a meal’s own figure, else the day’s need × the meal’s share, and none for a mode that is no meal', () => {
    expect(mealNorm(table, 7, 3, 'energyKcal')).toBeCloseTo(763.75, 6);
    expect(mealNorm(table, 7, 3, 'proteinG')).toBe(20);
    expect(mealNorm(table, 7, 4, 'energyKcal')).toBeNull();
    expect(mealNorm(table, 7, 7, 'energyKcal')).toBeNull();
    expect(mealNorm(table, 8, 3, 'energyKcal')).toBeNull();
  });

  it('sums the day’s norm over the meals served, none when one of them has no norm', () => {
    expect(dayNorm(table, 7, [1, 3], 'energyKcal')).toBeCloseTo(1292.5, 6);
    expect(dayNorm(table, 7, [1, 3, 7], 'energyKcal')).toBeCloseTo(1292.5, 6);
    expect(dayNorm(table, 7, [1, 3], 'proteinG')).toBeNull();
    expect(dayNorm(table, 7, [7], 'energyKcal')).toBeNull();
  });

  it('keeps a figure within the tolerance both ways, and salt and sugars only when not over it', () => {
    expect(normCheck('energyKcal', 612, 763.75, 10)).toEqual({
      nutrient: 'energyKcal',
      norm: 763.8,
      value: 612,
      deviation: -151.8,
      deviation_pct: -19.9,
      within: false,
    });
    expect(normCheck('energyKcal', 840, 763.75, 10).within).toBe(true);
    expect(normCheck('energyKcal', 840.2, 763.75, 10).within).toBe(false);
    expect(normCheck('energyKcal', 687.375, 763.75, 10).within).toBe(true);
    expect(normCheck('saltG', 0.1, 1.6, 10).within).toBe(true);
    expect(normCheck('saltG', 1.77, 1.6, 10).within).toBe(false);
    expect(normCheck('proteinG', 3, 0, 10).deviation_pct).toBeNull();
    // A figure that lacks a value or a card: over the top it is sure, under it nothing can be said.
    expect(normCheck('energyKcal', 900, 763.75, 10, true).within).toBe(false);
    expect(normCheck('energyKcal', 300, 763.75, 10, true).within).toBeNull();
    expect(normCheck('saltG', 0.1, 1.6, 10, true).within).toBeNull();
  });
});
