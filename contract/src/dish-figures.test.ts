import { describe, expect, it } from 'vitest';
import { dishFigures, netFromGross, type FigureLine } from './dish-figures.ts';

/**
 * A pilaf from the shipped table's rows (USDA SR28), figured by hand: energy, protein, fat,
 * carbohydrate, sodium and vitamin C per 100 g, from `foods.csv` as the release gives them.
 */
const row = (foodId: number, food: string, netG: number, values: FigureLine['values']): FigureLine => ({
  foodId,
  food,
  netG,
  values,
  method: 'raw',
});
const pilaf: FigureLine[] = [
  // 20444 Rice, white, long-grain, regular, raw, unenriched
  row(1, 'Рис', 80, {
    energyKcal: '365',
    proteinG: '7.13',
    fatG: '0.66',
    carbohydrateG: '79.95',
    sodiumMg: '5',
    vitaminCMg: '0.0',
  }),
  // 23485 Beef, composite of trimmed retail cuts, separable lean only, trimmed to 0" fat, all grades, raw
  row(2, 'Говядина', 70, {
    energyKcal: '139',
    proteinG: '22.15',
    fatG: '5.54',
    carbohydrateG: '0.08',
    sodiumMg: '60',
    vitaminCMg: '0.0',
  }),
  // 11124 Carrots, raw
  row(3, 'Морковь', 30, {
    energyKcal: '41',
    proteinG: '0.93',
    fatG: '0.24',
    carbohydrateG: '9.58',
    sodiumMg: '69',
    vitaminCMg: '5.9',
  }),
  // 11282 Onions, raw
  row(4, 'Лук', 20, {
    energyKcal: '40',
    proteinG: '1.10',
    fatG: '0.10',
    carbohydrateG: '9.34',
    sodiumMg: '4',
    vitaminCMg: '7.4',
  }),
  // 04506 Oil, sunflower, linoleic (approx. 65%)
  row(5, 'Масло', 10, {
    energyKcal: '884',
    proteinG: '0.00',
    fatG: '100.00',
    carbohydrateG: '0.00',
    sodiumMg: '0',
    vitaminCMg: '0.0',
  }),
];

describe('a dish’s figures', () => {
  it('are its foods’ values × their net weights, summed and related to the weighed yield, as a hand computation gives', () => {
    const f = dishFigures(pilaf, 250, [{ ageGroupId: 7, portionG: 200 }], {});
    // Energy: 365×0.8 + 139×0.7 + 41×0.3 + 40×0.2 + 884×0.1 = 498.0 kcal in 250 g.
    expect(f.per100g.energyKcal.value).toBeCloseTo(199.2, 9);
    // Protein: 7.13×0.8 + 22.15×0.7 + 0.93×0.3 + 1.10×0.2 + 0 = 21.708 g.
    expect(f.per100g.proteinG.value).toBeCloseTo(8.6832, 9);
    expect(f.per100g.fatG.value).toBeCloseTo((0.528 + 3.878 + 0.072 + 0.02 + 10) / 2.5, 9);
    expect(f.per100g.carbohydrateG.value).toBeCloseTo((63.96 + 0.056 + 2.874 + 1.868) / 2.5, 9);
    // Vitamin C: 5.9×0.3 + 7.4×0.2 = 3.25 mg; salt: sodium (4 + 42 + 20.7 + 0.8) mg × 2.5.
    expect(f.per100g.vitaminCMg.value).toBeCloseTo(1.3, 9);
    expect(f.per100g.saltG.value).toBeCloseTo(((67.5 / 2.5) * 2.5) / 1000, 9);
    // A portion of 200 g: 200/250 of the pot.
    expect(f.portions[0]!.figures.energyKcal.value).toBeCloseTo(398.4, 9);
    expect(f.portions[0]!.figures.proteinG.value).toBeCloseTo(17.3664, 9);
    expect(f.per100g.proteinG.missing).toEqual([]);
  });

  it('say which foods have no value for a figure, never counting them as 0 silently', () => {
    const f = dishFigures(pilaf, 250, [], {});
    // Not measured in any of the five (the rows above give no vitamin D).
    expect(f.per100g.vitaminDUg.missing).toEqual(['Рис', 'Говядина', 'Морковь', 'Лук', 'Масло']);
    expect(f.per100g.vitaminCMg.missing).toEqual([]);
  });

  it('lose each nutrient by its line’s method, and energy with the protein, fat and carbohydrate lost', () => {
    const rice: FigureLine = { ...pilaf[0]!, netG: 100, method: 'boiling' };
    const losses = { boiling: { proteinG: 6, fatG: 12, carbohydrateG: 9, vitaminCMg: 70 } };
    const f = dishFigures([rice], 100, [], losses);
    expect(f.per100g.proteinG.value).toBeCloseTo(7.13 * 0.94, 9);
    expect(f.per100g.fatG.value).toBeCloseTo(0.66 * 0.88, 9);
    // Energy kept: (4×7.13×0.94 + 9×0.66×0.88 + 4×79.95×0.91) / (4×7.13 + 9×0.66 + 4×79.95) = 323.054 / 354.26.
    expect(f.per100g.energyKcal.value).toBeCloseTo((365 * 323.054) / 354.26, 9);
    // Sodium has no loss row: kept whole.
    expect(f.per100g.sodiumMg.value).toBeCloseTo(5, 9);
    // A raw line of the same card loses nothing.
    expect(dishFigures([{ ...rice, method: 'raw' }], 100, [], losses).per100g.energyKcal.value).toBeCloseTo(365, 9);
  });

  it('propose the net weight from the gross by the food’s refuse', () => {
    expect(netFromGross(100, '11')).toBe(89);
    expect(netFromGross(125, null)).toBe(125);
    expect(netFromGross(33, '25')).toBe(24.8);
  });
});
