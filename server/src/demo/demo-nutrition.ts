import { and, eq, inArray } from 'drizzle-orm';
import type { CookingMethod } from '@tamaq/contract/dish-figures';
import { MENU_RULE_DEFAULTS } from '@tamaq/contract/menu-rules';
import { NORM_TEMPLATES, templateValues } from '@tamaq/contract/norms';
import type { Db } from '../platform/db/client.ts';
import { dishes } from '../platform/db/schema-food.ts';
import { schools } from '../platform/db/schema.ts';
import {
  ageGroups,
  foodPrices,
  menuRuleSets,
  normSets,
  normSetShares,
  normSetValues,
  schoolNormSets,
  foods,
  techCardLines,
  techCardPortions,
  techCards,
} from '../platform/db/schema-nutrition.ts';

/** The organizations the demo's nutrition data belongs to. */
export interface DemoNutritionPlaces {
  edu: number;
  kg: number;
}

/** A line of a demo card: the food's number in the table, gross and net grams, its own method. */
type DemoLine = [ndbNo: string, grossG: number, netG: number, method?: CookingMethod];

/**
 * Demo cards for 1 kg of the cooked dish, in the layout of a recipe book's card, from the shipped
 * table's foods; portions for the schools' two age groups (the sanitary rules' ranges: soup
 * 200–250 / 250–300, garnish 150–200 / 180–230, drink 180–200). The compote's sugar puts it over
 * the standard's 5 g per 100 g, as a menu check should notice.
 */
const CARDS: {
  dish: string;
  method: CookingMethod;
  yieldG: number;
  number: string;
  portions: [number, number];
  lines: DemoLine[];
}[] = [
  {
    dish: 'Плов с говядиной',
    method: 'stewing',
    yieldG: 1000,
    number: '265',
    portions: [180, 230],
    lines: [
      ['20444', 300, 300],
      ['23485', 300, 300],
      ['11124', 225, 200],
      ['11282', 110, 100],
      ['04506', 50, 50],
      ['02047', 8, 8, 'raw'],
    ],
  },
  {
    dish: 'Борщ',
    method: 'boiling',
    yieldG: 1000,
    number: '82',
    portions: [200, 250],
    lines: [
      ['23485', 100, 100],
      ['11080', 150, 100],
      ['11109', 125, 100],
      ['11352', 135, 100],
      ['11124', 55, 50],
      ['11282', 35, 30],
      ['11546', 15, 15],
      ['04506', 10, 10],
      ['01056', 50, 50, 'raw'],
      ['02047', 5, 5, 'raw'],
    ],
  },
  {
    dish: 'Каша гречневая',
    method: 'boiling',
    yieldG: 1000,
    number: '302',
    portions: [150, 200],
    lines: [
      ['20009', 280, 280],
      ['01145', 30, 30, 'raw'],
      ['02047', 4, 4, 'raw'],
    ],
  },
  {
    dish: 'Рис отварной',
    method: 'boiling',
    yieldG: 1000,
    number: '304',
    portions: [150, 180],
    lines: [
      ['20444', 350, 350],
      ['01145', 30, 30, 'raw'],
      ['02047', 5, 5, 'raw'],
    ],
  },
  {
    dish: 'Пюре картофельное',
    method: 'boiling',
    yieldG: 1000,
    number: '312',
    portions: [150, 180],
    lines: [
      ['11352', 1100, 825],
      ['01211', 150, 150],
      ['01145', 40, 40, 'raw'],
      ['02047', 6, 6, 'raw'],
    ],
  },
  {
    dish: 'Омлет',
    method: 'baking',
    yieldG: 1000,
    number: '210',
    portions: [120, 150],
    lines: [
      ['01123', 680, 600],
      ['01211', 300, 300],
      ['01145', 30, 30],
      ['02047', 5, 5, 'raw'],
    ],
  },
  {
    dish: 'Компот из сухофруктов',
    method: 'boiling',
    yieldG: 1000,
    number: '639',
    portions: [180, 200],
    lines: [
      ['09011', 40, 40],
      ['09298', 20, 20],
      ['09032', 20, 20],
      ['19335', 50, 50, 'raw'],
    ],
  },
  {
    dish: 'Чай с сахаром',
    method: 'raw',
    yieldG: 1000,
    number: '685',
    portions: [180, 200],
    lines: [
      ['14355', 950, 950],
      ['19335', 50, 50],
    ],
  },
];

/** What the demo's foods cost per kilogram as bought, tenge (Almaty, autumn 2025, rounded). */
const PRICES: Record<string, string> = {
  '20444': '650',
  '23485': '3800',
  '11124': '180',
  '11282': '150',
  '04506': '950',
  '02047': '90',
  '11080': '180',
  '11109': '160',
  '11352': '170',
  '11546': '1400',
  '01056': '1600',
  '20009': '600',
  '01145': '5200',
  '01211': '520',
  '01123': '1300',
  '09011': '1600',
  '09298': '2000',
  '09032': '2800',
  '19335': '480',
};

/**
 * The demo's age groups: the schools' two (the 2019 unified standard's lunch norms are for 7–10 and
 * 11–14, the sanitary rules' portions for 7–11 and 12+), and the kindergarten's two; and the cards
 * of some of the schools' dishes.
 */
export async function loadDemoNutrition(tx: Db, p: DemoNutritionPlaces): Promise<void> {
  const groups = await tx
    .insert(ageGroups)
    .values([
      { organizationId: p.edu, name: '6–10 лет', nameKk: '6–10 жас', ageFrom: 6, ageTo: 10 },
      { organizationId: p.edu, name: '11–18 лет', nameKk: '11–18 жас', ageFrom: 11, ageTo: 18 },
      { organizationId: p.kg, name: '1–3 года', nameKk: '1–3 жас', ageFrom: 1, ageTo: 3 },
      { organizationId: p.kg, name: '3–7 лет', nameKk: '3–7 жас', ageFrom: 3, ageTo: 7 },
    ])
    .returning({
      id: ageGroups.id,
      organizationId: ageGroups.organizationId,
      ageFrom: ageGroups.ageFrom,
      ageTo: ageGroups.ageTo,
    });
  const [juniors, seniors] = groups;
  await loadDemoNorms(tx, p, groups);
  const numbers = [...new Set(CARDS.flatMap((c) => c.lines.map((l) => l[0])))];
  const food = new Map(
    (await tx.select({ id: foods.id, ndbNo: foods.ndbNo }).from(foods).where(inArray(foods.ndbNo, numbers))).map(
      (f) => [f.ndbNo!, f.id],
    ),
  );
  // A database without the table (it is loaded at start) gets no cards.
  if (food.size < numbers.length) return;
  const dish = new Map(
    (
      await tx
        .select({ id: dishes.id, name: dishes.name })
        .from(dishes)
        .where(
          and(
            eq(dishes.organizationId, p.edu),
            inArray(
              dishes.name,
              CARDS.map((c) => c.dish),
            ),
          ),
        )
    ).map((d) => [d.name, d.id]),
  );
  await tx.insert(foodPrices).values(
    Object.entries(PRICES).map(([ndbNo, pricePerKg]) => ({
      organizationId: p.edu,
      foodId: food.get(ndbNo)!,
      pricePerKg,
      validFrom: '2025-09-01',
    })),
  );
  for (const c of CARDS) {
    const dishId = dish.get(c.dish);
    if (!dishId) continue;
    const [card] = await tx
      .insert(techCards)
      .values({
        organizationId: p.edu,
        dishId,
        validFrom: '2025-09-01',
        recipeBook: 'Сборник технологических карт для школьного питания (демо)',
        recipeNumber: c.number,
        method: c.method,
        yieldG: String(c.yieldG),
      })
      .returning({ id: techCards.id });
    await tx.insert(techCardLines).values(
      c.lines.map(([ndbNo, grossG, netG, method], i) => ({
        cardId: card!.id,
        position: i + 1,
        foodId: food.get(ndbNo)!,
        grossG: String(grossG),
        netG: String(netG),
        method: method ?? null,
      })),
    );
    await tx.insert(techCardPortions).values([
      { cardId: card!.id, ageGroupId: juniors!.id, portionG: String(c.portions[0]) },
      { cardId: card!.id, ageGroupId: seniors!.id, portionG: String(c.portions[1]) },
    ]);
  }
}

/**
 * The demo's norm sets: each organization has the sanitary rules' set made from the shipped template
 * (chosen by all its schools), and the schools' organization also the 2019 lunch energies, not chosen.
 */
async function loadDemoNorms(
  tx: Db,
  p: DemoNutritionPlaces,
  groups: { id: number; organizationId: number; ageFrom: number; ageTo: number }[],
): Promise<void> {
  const sets: [organizationId: number, code: string, chosen: boolean][] = [
    [p.edu, 'sanpin-2020', true],
    [p.edu, 'kz-2019-lunch', false],
    [p.kg, 'sanpin-2020', true],
  ];
  // The schools' organization keeps the shipped menu rules as its own.
  await tx.insert(menuRuleSets).values({ organizationId: p.edu, rules: MENU_RULE_DEFAULTS });
  for (const [organizationId, code, chosen] of sets) {
    const template = NORM_TEMPLATES.find((t) => t.code === code)!;
    const [set] = await tx
      .insert(normSets)
      .values({
        organizationId,
        name: template.name,
        nameKk: template.name_kk,
        source: template.source,
        template: code,
      })
      .returning({ id: normSets.id });
    if (template.shares.length) {
      await tx
        .insert(normSetShares)
        .values(template.shares.map((s) => ({ normSetId: set!.id, meal: s.meal, sharePct: s.share_pct })));
    }
    const values = templateValues(
      template,
      groups.filter((g) => g.organizationId === organizationId),
    );
    if (values.length) await tx.insert(normSetValues).values(values.map((v) => ({ ...v, normSetId: set!.id })));
    if (!chosen) continue;
    const theirs = await tx.select({ id: schools.id }).from(schools).where(eq(schools.organizationId, organizationId));
    if (theirs.length) {
      await tx.insert(schoolNormSets).values(theirs.map((s) => ({ schoolId: s.id, normSetId: set!.id })));
    }
  }
}
