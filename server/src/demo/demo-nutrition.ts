import { and, eq, inArray } from 'drizzle-orm';
import type { CookingMethod } from '@tamaq/contract/dish-figures';
import { MENU_RULE_DEFAULTS } from '@tamaq/contract/menu-rules';
import { NORM_TEMPLATES, templateValues } from '@tamaq/contract/norms';
import type { Db } from '../platform/db/client.ts';
import { keepNormSetVersion } from '../platform/db/norm-set-versions.ts';
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
 * 200–250 / 250–300, garnish 150–200 / 180–230, drink 180–200). Each keeps the standard's 0.3 g of
 * salt per 100 g (with its foods' own sodium) but the compote, whose sugar puts it over the standard's 5 g
 * per 100 g, and the baursaks, fried: the menu serves the compote once, so that its check shows red.
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
      ['02047', 2, 2, 'raw'],
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
      ['02047', 1.5, 1.5, 'raw'],
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
      ['02047', 2, 2, 'raw'],
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
      ['02047', 2, 2, 'raw'],
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
      ['02047', 2, 2, 'raw'],
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
      ['19335', 60, 60, 'raw'],
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
  // Soups: 200 and 250 g.
  {
    dish: 'Суп с фрикадельками',
    method: 'boiling',
    yieldG: 1000,
    number: '95',
    portions: [200, 250],
    lines: [
      ['23562', 120, 120],
      ['01123', 12, 10],
      ['11352', 200, 150],
      ['20444', 20, 20],
      ['11124', 45, 40],
      ['11282', 25, 20],
      ['01145', 10, 10, 'raw'],
      ['02047', 2, 2, 'raw'],
    ],
  },
  {
    dish: 'Куриный суп с лапшой',
    method: 'boiling',
    yieldG: 1000,
    number: '103',
    portions: [200, 250],
    lines: [
      ['05011', 250, 120],
      ['20109', 50, 50],
      ['11352', 130, 100],
      ['11124', 45, 40],
      ['11282', 25, 20],
      ['11297', 6, 5, 'raw'],
      ['02047', 2, 2, 'raw'],
    ],
  },
  {
    dish: 'Рассольник',
    method: 'boiling',
    yieldG: 1000,
    number: '88',
    portions: [200, 250],
    lines: [
      ['23485', 80, 80],
      ['11352', 200, 150],
      ['11937', 50, 40],
      ['20005', 25, 25],
      ['11124', 30, 25],
      ['11282', 25, 20],
      ['01056', 40, 40, 'raw'],
    ],
  },
  {
    dish: 'Сорпа',
    method: 'boiling',
    yieldG: 1000,
    number: '112',
    portions: [200, 250],
    lines: [
      ['17039', 250, 150],
      ['11352', 130, 100],
      ['11282', 30, 25],
      ['11124', 25, 20],
      ['11297', 6, 5, 'raw'],
      ['02047', 2, 2, 'raw'],
    ],
  },
  {
    dish: 'Щи из свежей капусты',
    method: 'boiling',
    yieldG: 1000,
    number: '84',
    portions: [200, 250],
    lines: [
      ['23485', 80, 80],
      ['11109', 200, 160],
      ['11352', 130, 100],
      ['11124', 30, 25],
      ['11282', 25, 20],
      ['11546', 10, 10],
      ['01056', 40, 40, 'raw'],
      ['02047', 2, 2, 'raw'],
    ],
  },
  // Main courses: the portions of the dish's output for the older group.
  {
    dish: 'Котлета куриная',
    method: 'steaming',
    yieldG: 850,
    number: '211',
    portions: [70, 80],
    lines: [
      ['05332', 700, 700],
      ['01211', 120, 120],
      ['11282', 60, 50],
      ['01123', 57, 50],
      ['02047', 1, 1],
    ],
  },
  {
    dish: 'Бефстроганов',
    method: 'stewing',
    yieldG: 1000,
    number: '231',
    portions: [80, 100],
    lines: [
      ['23485', 750, 750],
      ['01056', 150, 150],
      ['11282', 120, 100],
      ['20481', 15, 15],
      ['11546', 15, 15],
      ['04506', 30, 30],
      ['02047', 1.5, 1.5],
    ],
  },
  {
    dish: 'Манты',
    method: 'steaming',
    yieldG: 1000,
    number: '247',
    portions: [150, 200],
    lines: [
      ['20481', 300, 300],
      ['17224', 350, 350],
      ['11282', 300, 250],
      ['01123', 28, 25],
      ['02047', 2, 2],
    ],
  },
  {
    dish: 'Лагман',
    method: 'stewing',
    yieldG: 1000,
    number: '256',
    portions: [250, 300],
    lines: [
      ['20420', 200, 200, 'boiling'],
      ['23485', 200, 200],
      ['11821', 60, 50],
      ['11124', 55, 50],
      ['11282', 60, 50],
      ['11529', 100, 90],
      ['11109', 60, 50],
      ['11215', 5, 4],
      ['04506', 30, 30],
      ['02047', 2, 2],
    ],
  },
  {
    dish: 'Тефтели в соусе',
    method: 'stewing',
    yieldG: 1000,
    number: '242',
    portions: [100, 120],
    lines: [
      ['23562', 500, 500],
      ['20444', 60, 60],
      ['11282', 70, 60],
      ['01123', 30, 27],
      ['11546', 30, 30],
      ['20481', 20, 20],
      ['01056', 100, 100],
      ['02047', 1.5, 1.5],
    ],
  },
  {
    dish: 'Рыба запечённая',
    method: 'baking',
    yieldG: 1000,
    number: '181',
    portions: [80, 100],
    lines: [
      ['15132', 1000, 1000],
      ['01056', 100, 100],
      ['11282', 60, 50],
      ['04506', 20, 20],
      ['02047', 1, 1],
    ],
  },
  {
    dish: 'Куырдак',
    method: 'stewing',
    yieldG: 1000,
    number: '270',
    portions: [120, 150],
    lines: [
      ['13325', 250, 250],
      ['13321', 210, 150],
      ['23485', 300, 300],
      ['11352', 300, 225],
      ['11282', 180, 150],
      ['04506', 40, 40],
      ['02047', 1, 1],
    ],
  },
  {
    dish: 'Каша рисовая молочная',
    method: 'boiling',
    yieldG: 1000,
    number: '301',
    portions: [200, 250],
    lines: [
      ['20444', 150, 150],
      ['01211', 700, 700],
      ['19335', 40, 40],
      ['01145', 20, 20, 'raw'],
      ['02047', 1, 1],
    ],
  },
  // Garnishes: 150 and 180 g.
  {
    dish: 'Макароны',
    method: 'boiling',
    yieldG: 1000,
    number: '309',
    portions: [150, 180],
    lines: [
      ['20420', 340, 340],
      ['01145', 30, 30, 'raw'],
      ['02047', 2, 2],
    ],
  },
  {
    dish: 'Гречка',
    method: 'boiling',
    yieldG: 1000,
    number: '303',
    portions: [150, 180],
    lines: [
      ['20009', 400, 400],
      ['01145', 30, 30, 'raw'],
      ['02047', 2, 2],
    ],
  },
  {
    dish: 'Овощи тушёные',
    method: 'stewing',
    yieldG: 1000,
    number: '321',
    portions: [150, 180],
    lines: [
      ['11352', 400, 300],
      ['11109', 250, 200],
      ['11124', 150, 120],
      ['11477', 160, 150],
      ['11282', 80, 65],
      ['11546', 20, 20],
      ['04506', 30, 30],
      ['02047', 2, 2],
    ],
  },
  // Salads: 60 and 100 g, raw but for the boiled vegetables.
  {
    dish: 'Салат витаминный',
    method: 'raw',
    yieldG: 900,
    number: '41',
    portions: [60, 100],
    lines: [
      ['11109', 500, 400],
      ['11124', 250, 200],
      ['09003', 220, 200],
      ['04506', 50, 50],
      ['09152', 20, 20],
      ['19335', 10, 10],
      ['02047', 1.5, 1.5],
    ],
  },
  {
    dish: 'Винегрет',
    method: 'raw',
    yieldG: 900,
    number: '58',
    portions: [60, 100],
    lines: [
      ['11081', 300, 300],
      ['11367', 300, 300],
      ['11125', 150, 150],
      ['11439', 60, 60],
      ['11937', 20, 20],
      ['11282', 40, 35],
      ['04506', 40, 40],
    ],
  },
  {
    dish: 'Салат из огурцов и помидоров',
    method: 'raw',
    yieldG: 950,
    number: '37',
    portions: [60, 100],
    lines: [
      ['11205', 450, 430],
      ['11529', 470, 430],
      ['11291', 42, 40],
      ['04506', 50, 50],
      ['02047', 2, 2],
    ],
  },
  {
    dish: 'Морковь по-корейски',
    method: 'raw',
    yieldG: 1000,
    number: '49',
    portions: [60, 100],
    lines: [
      ['11124', 1000, 900],
      ['04506', 60, 60],
      ['02053', 20, 20],
      ['11215', 10, 8],
      ['19335', 20, 20],
      ['02013', 3, 3],
      ['02047', 0.5, 0.5],
    ],
  },
  {
    dish: 'Салат свекольный',
    method: 'raw',
    yieldG: 1000,
    number: '53',
    portions: [60, 100],
    lines: [
      ['11081', 800, 800],
      ['09291', 57, 50],
      ['11215', 10, 8],
      ['01056', 150, 150],
    ],
  },
  // Bakery.
  {
    dish: 'Баурсаки',
    method: 'frying',
    yieldG: 1000,
    number: '401',
    portions: [75, 100],
    lines: [
      ['20481', 550, 550, 'baking'],
      ['01211', 250, 250, 'baking'],
      ['18375', 10, 10, 'baking'],
      ['19335', 20, 20, 'baking'],
      ['04506', 100, 100],
      ['02047', 2, 2, 'baking'],
    ],
  },
  {
    dish: 'Самса',
    method: 'baking',
    yieldG: 1000,
    number: '420',
    portions: [80, 100],
    lines: [
      ['20481', 400, 400],
      ['01145', 100, 100],
      ['17224', 250, 250],
      ['11282', 250, 210],
      ['01123', 28, 25],
      ['02047', 2, 2],
    ],
  },
  {
    dish: 'Булочка с маком',
    method: 'baking',
    yieldG: 1000,
    number: '441',
    portions: [60, 80],
    lines: [
      ['20481', 550, 550],
      ['01211', 200, 200],
      ['19335', 40, 40],
      ['02033', 40, 40],
      ['01145', 60, 60],
      ['01123', 50, 45],
      ['18375', 10, 10],
      ['02047', 2, 2],
    ],
  },
  {
    dish: 'Пирожок с картофелем',
    method: 'baking',
    yieldG: 1000,
    number: '452',
    portions: [60, 80],
    lines: [
      ['20481', 400, 400],
      ['01211', 150, 150],
      ['18375', 8, 8],
      ['04506', 40, 40],
      ['11352', 450, 340, 'boiling'],
      ['11282', 60, 50],
      ['01123', 25, 22],
      ['02047', 2, 2],
    ],
  },
  {
    // The table's cottage cheese is salted (364 mg of sodium per 100 g); ricotta is its unsalted curd.
    dish: 'Сырники',
    method: 'baking',
    yieldG: 1000,
    number: '222',
    portions: [120, 150],
    lines: [
      ['01036', 700, 700],
      ['20481', 100, 100],
      ['01123', 114, 100],
      ['19335', 40, 40],
      ['04506', 20, 20],
      ['01056', 100, 100, 'raw'],
    ],
  },
  {
    dish: 'Блины со сметаной',
    method: 'baking',
    yieldG: 1000,
    number: '460',
    portions: [120, 150],
    lines: [
      ['20481', 250, 250],
      ['01211', 500, 500],
      ['01123', 100, 88],
      ['19335', 20, 20],
      ['04506', 30, 30],
      ['01056', 150, 150, 'raw'],
      ['02047', 1, 1],
    ],
  },
  // Drinks: 180 and 200 g.
  {
    dish: 'Кисель',
    method: 'boiling',
    yieldG: 1000,
    number: '648',
    portions: [180, 200],
    lines: [
      ['09078', 100, 98],
      ['11413', 40, 40],
      ['19335', 45, 45],
      ['14555', 850, 850],
    ],
  },
  {
    dish: 'Сок яблочный',
    method: 'raw',
    yieldG: 1000,
    number: '700',
    portions: [180, 200],
    lines: [['09016', 1000, 1000]],
  },
  { dish: 'Молоко', method: 'raw', yieldG: 1000, number: '706', portions: [180, 200], lines: [['01211', 1000, 1000]] },
  { dish: 'Айран', method: 'raw', yieldG: 1000, number: '707', portions: [180, 200], lines: [['01230', 1000, 1000]] },
  // Fruit: one piece, the edible part.
  { dish: 'Яблоко', method: 'raw', yieldG: 1000, number: '720', portions: [130, 150], lines: [['09003', 1110, 1000]] },
  { dish: 'Банан', method: 'raw', yieldG: 1000, number: '721', portions: [120, 150], lines: [['09040', 1560, 1000]] },
  { dish: 'Груша', method: 'raw', yieldG: 1000, number: '722', portions: [130, 150], lines: [['09252', 1110, 1000]] },
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
  '14355': '40',
  '14555': '60',
  '01036': '2600',
  '01230': '480',
  '02013': '2400',
  '02033': '3200',
  '02053': '400',
  '05011': '1700',
  '05332': '2200',
  '09003': '450',
  '09016': '700',
  '09040': '900',
  '09078': '3500',
  '09152': '1500',
  '09252': '800',
  '09291': '2500',
  '11081': '350',
  '11125': '300',
  '11205': '900',
  '11215': '1200',
  '11291': '1500',
  '11297': '2000',
  '11367': '300',
  '11413': '900',
  '11439': '700',
  '11477': '500',
  '11529': '1100',
  '11821': '1300',
  '11937': '1200',
  '13321': '1800',
  '13325': '2000',
  '15132': '2400',
  '17039': '3600',
  '17224': '3900',
  '18375': '3000',
  '20005': '300',
  '20109': '900',
  '20420': '550',
  '20481': '280',
  '23562': '3500',
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
    await keepNormSetVersion(tx, set!.id);
    if (!chosen) continue;
    const theirs = await tx.select({ id: schools.id }).from(schools).where(eq(schools.organizationId, organizationId));
    if (theirs.length) {
      await tx.insert(schoolNormSets).values(theirs.map((s) => ({ schoolId: s.id, normSetId: set!.id })));
    }
  }
}
