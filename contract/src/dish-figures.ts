import { withKazakh } from './languages.ts';
import { NUTRIENT_CODES, type Nutrient } from './nutrients.ts';

/**
 * How a food is cooked in a technological card's line: each method loses its share of each nutrient
 * (docs/rules.md "Technological cards and a dish's figures"). `raw` loses nothing.
 */
export const COOKING_METHODS = ['raw', 'boiling', 'stewing', 'frying', 'baking', 'steaming'] as const;
export type CookingMethod = (typeof COOKING_METHODS)[number];

export const COOKING_METHOD_NAMES = withKazakh(
  {
    raw: 'Без тепловой обработки',
    boiling: 'Варка',
    stewing: 'Тушение',
    frying: 'Жарка',
    baking: 'Запекание',
    steaming: 'На пару',
  } as const satisfies Record<CookingMethod, string>,
  {
    raw: 'Жылумен өңдеусіз',
    boiling: 'Қайнату',
    stewing: 'Бұқтыру',
    frying: 'Қуыру',
    baking: 'Пісіру (духовкада)',
    steaming: 'Буға пісіру',
  },
);

/** A line of a card as the figures need it: the food's values per 100 g (null: not measured) and its net weight. */
export interface FigureLine {
  foodId: number;
  /** The food's name, for «rests on a food without a value». */
  food: string;
  /** Values per 100 g of the food's edible part, as exact decimal strings or numbers; null: not measured. */
  values: Partial<Record<Nutrient, string | number | null>>;
  /** Net weight in the card, grams. */
  netG: number;
  method: CookingMethod;
}

/** Losses by method and nutrient, per cent of the raw amount; a nutrient without a row loses nothing. */
export type Losses = Partial<Record<CookingMethod, Partial<Record<Nutrient, number>>>>;

/** A figure: the amount, and the foods whose value for it is not measured (then the amount is a lower bound). */
export interface Figure {
  value: number;
  /** Names of the foods without a value: the figure is incomplete. Empty: complete. */
  missing: string[];
}

export interface DishFigures {
  /** Each nutrient in the cooked dish, per 100 g of its yield. */
  per100g: Record<Nutrient | 'saltG', Figure>;
  /** The same for a portion of `portionG` grams, for each age group given. */
  portions: { ageGroupId: number; portionG: number; figures: Record<Nutrient | 'saltG', Figure> }[];
}

/** Energy in protein, fat and carbohydrate, kcal per gram (Atwater's general factors). */
const KCAL_PER_G = { proteinG: 4, fatG: 9, carbohydrateG: 4 } as const;

const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined || v === '' ? null : Number(v);

/**
 * The share of a line's energy its cooking loses: the energy that went with the protein, fat and
 * carbohydrate lost, each by its factor (4, 9, 4 kcal/g). A food without those values, or a method
 * without their losses, loses no energy.
 */
function energyLoss(line: FigureLine, losses: Losses): number {
  const lost = losses[line.method] ?? {};
  let before = 0;
  let after = 0;
  for (const [nutrient, factor] of Object.entries(KCAL_PER_G) as [keyof typeof KCAL_PER_G, number][]) {
    const amount = num(line.values[nutrient]);
    if (amount === null) return 0;
    before += amount * factor;
    after += amount * factor * (1 - (lost[nutrient] ?? 0) / 100);
  }
  return before > 0 ? 1 - after / before : 0;
}

/**
 * A dish's figures from its card (docs/rules.md "Technological cards and a dish's figures"): each
 * nutrient of each line is its food's value per 100 g × the net weight / 100, less its method's loss,
 * summed over the lines and related to the weighed yield: per 100 g = sum / yield × 100; a portion's =
 * per 100 g × portion / 100. Salt is sodium × 2.5. A line whose food has no value for a nutrient adds
 * nothing to it and names the food in `missing`: never a silent 0.
 */
export function dishFigures(
  lines: FigureLine[],
  yieldG: number,
  portions: { ageGroupId: number; portionG: number }[],
  losses: Losses,
): DishFigures {
  const totals = Object.fromEntries(NUTRIENT_CODES.map((n) => [n, { value: 0, missing: [] as string[] }])) as Record<
    Nutrient,
    Figure
  >;
  for (const line of lines) {
    const lost = losses[line.method] ?? {};
    for (const nutrient of NUTRIENT_CODES) {
      const per100 = num(line.values[nutrient]);
      const total = totals[nutrient];
      if (per100 === null) {
        if (!total.missing.includes(line.food)) total.missing.push(line.food);
        continue;
      }
      const kept = nutrient === 'energyKcal' ? 1 - energyLoss(line, losses) : 1 - (lost[nutrient] ?? 0) / 100;
      total.value += (per100 * line.netG * kept) / 100;
    }
  }
  const scaled = (factor: number) => {
    const figures = Object.fromEntries(
      NUTRIENT_CODES.map((n) => [n, { value: totals[n].value * factor, missing: totals[n].missing }]),
    ) as Record<Nutrient | 'saltG', Figure>;
    figures.saltG = { value: (figures.sodiumMg.value * 2.5) / 1000, missing: figures.sodiumMg.missing };
    return figures;
  };
  const per100g = scaled(yieldG > 0 ? 100 / yieldG : 0);
  return {
    per100g,
    portions: portions.map((p) => ({
      ageGroupId: p.ageGroupId,
      portionG: p.portionG,
      figures: scaled(yieldG > 0 ? p.portionG / yieldG : 0),
    })),
  };
}

/** The net weight from the gross by the food's refuse (%): what a card proposes until the cook enters it. */
export const netFromGross = (grossG: number, refusePct: string | number | null): number =>
  Math.round(grossG * (1 - (num(refusePct) ?? 0) / 100) * 10) / 10;
