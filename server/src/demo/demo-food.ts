import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../platform/db/client.ts';
import { images } from '../platform/db/schema.ts';
import {
  dishCategories,
  dishes,
  menuActivations,
  menuDishes,
  menus,
  orderItems,
  orders,
} from '../platform/db/schema-food.ts';
import { localDate } from '../platform/time.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DemoFoodPlaces {
  edu: number;
  schools: number[];
  cashierId: number;
}

/** A dish of the demo catalogue: name, price in tenge, output. */
/** Name, price, output and the Kazakh name. */
type DemoDish = [string, string, string, string];

/** Dish categories with their dishes, and the colours their generated photos are drawn in. */
const CATALOGUE: { name: string; nameKk: string; colors: [string, string]; dishes: DemoDish[] }[] = [
  {
    name: 'Первые блюда',
    nameKk: 'Бірінші тағамдар',
    colors: ['#c0392b', '#e67e22'],
    dishes: [
      ['Борщ', '380', '250 г', 'Борщ'],
      ['Суп с фрикадельками', '350', '250 г', 'Фрикаделькалы сорпа'],
      ['Куриный суп с лапшой', '360', '250 г', 'Кеспе қосылған тауық сорпасы'],
      ['Рассольник', '340', '250 г', 'Рассольник'],
      ['Сорпа', '420', '250 г', 'Сорпа'],
      ['Щи из свежей капусты', '330', '250 г', 'Жаңа қырыққабат щиі'],
    ],
  },
  {
    name: 'Вторые блюда',
    nameKk: 'Екінші тағамдар',
    colors: ['#8e5b3a', '#d4a056'],
    dishes: [
      ['Плов с говядиной', '650', '200 г', 'Сиыр етімен палау'],
      ['Котлета куриная', '390', '80 г', 'Тауық котлеті'],
      ['Бефстроганов', '520', '100 г', 'Бефстроганов'],
      ['Манты', '600', '3 шт.', 'Мәнті'],
      ['Лагман', '620', '300 г', 'Лағман'],
      ['Тефтели в соусе', '450', '120 г', 'Тұздықтағы тефтели'],
      ['Рыба запечённая', '540', '100 г', 'Пісірілген балық'],
      ['Куырдак', '580', '150 г', 'Қуырдақ'],
      ['Омлет', '280', '120 г', 'Омлет'],
      ['Каша рисовая молочная', '220', '200 г', 'Сүтті күріш ботқасы'],
      ['Каша гречневая', '200', '200 г', 'Қарақұмық ботқасы'],
    ],
  },
  {
    name: 'Гарниры',
    nameKk: 'Гарнирлер',
    colors: ['#f1c40f', '#f5deb3'],
    dishes: [
      ['Пюре картофельное', '180', '150 г', 'Картоп пюресі'],
      ['Рис отварной', '160', '150 г', 'Пісірілген күріш'],
      ['Макароны', '150', '150 г', 'Макарон'],
      ['Гречка', '170', '150 г', 'Қарақұмық'],
      ['Овощи тушёные', '190', '150 г', 'Бұқтырылған көкөністер'],
    ],
  },
  {
    name: 'Салаты',
    nameKk: 'Салаттар',
    colors: ['#27ae60', '#e74c3c'],
    dishes: [
      ['Салат витаминный', '210', '100 г', 'Дәрумен салаты'],
      ['Винегрет', '200', '100 г', 'Винегрет'],
      ['Салат из огурцов и помидоров', '250', '100 г', 'Қияр мен қызанақ салаты'],
      ['Морковь по-корейски', '190', '100 г', 'Корейше сәбіз'],
      ['Салат свекольный', '170', '100 г', 'Қызылша салаты'],
    ],
  },
  {
    name: 'Выпечка',
    nameKk: 'Нан-тоқаш өнімдері',
    colors: ['#d35400', '#f0c27b'],
    dishes: [
      ['Баурсаки', '120', '3 шт.', 'Бауырсақ'],
      ['Самса', '300', '100 г', 'Самса'],
      ['Булочка с маком', '150', '80 г', 'Көкнәрлі тоқаш'],
      ['Пирожок с картофелем', '140', '80 г', 'Картопты бәліш'],
      ['Сырники', '320', '150 г', 'Сырник'],
      ['Блины со сметаной', '290', '150 г', 'Қаймақпен құймақ'],
    ],
  },
  {
    name: 'Напитки',
    nameKk: 'Сусындар',
    colors: ['#8e44ad', '#f39c12'],
    dishes: [
      ['Компот из сухофруктов', '90', '200 мл', 'Кептірілген жеміс компоты'],
      ['Чай с сахаром', '60', '200 мл', 'Қантты шай'],
      ['Кисель', '100', '200 мл', 'Кисель'],
      ['Сок яблочный', '180', '200 мл', 'Алма шырыны'],
      ['Молоко', '150', '200 мл', 'Сүт'],
      ['Айран', '160', '200 мл', 'Айран'],
    ],
  },
  {
    name: 'Фрукты',
    nameKk: 'Жемістер',
    colors: ['#2ecc71', '#f1c40f'],
    dishes: [
      ['Яблоко', '120', '1 шт.', 'Алма'],
      ['Банан', '150', '1 шт.', 'Банан'],
      ['Груша', '140', '1 шт.', 'Алмұрт'],
    ],
  },
];

/** A deterministic sequence in [0, 1), so every new demo database looks the same. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/**
 * A photo drawn, not downloaded: a plate on a tablecloth with the dish's colours in it, 320 px WebP.
 * `n` varies the arrangement so no two dishes look alike.
 */
async function dishPhoto(colors: [string, string], n: number) {
  const r = random(n + 7);
  const bits = Array.from({ length: 7 }, () => {
    const x = 110 + r() * 100;
    const y = 110 + r() * 100;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(10 + r() * 18).toFixed(0)}" fill="${colors[1]}" opacity="0.85"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
    <rect width="320" height="320" fill="hsl(${(n * 37) % 360}, 35%, 88%)"/>
    <circle cx="166" cy="168" r="128" fill="#000" opacity="0.12"/>
    <circle cx="160" cy="160" r="128" fill="#fdfdfd"/>
    <circle cx="160" cy="160" r="100" fill="#f2f2f2"/>
    <circle cx="160" cy="160" r="82" fill="${colors[0]}"/>${bits}
  </svg>`;
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
  return {
    key: randomBytes(16).toString('base64url'),
    mime: 'image/webp',
    width: 320,
    height: 320,
    bytes,
    etag: createHash('sha256').update(bytes).digest('hex'),
    ownerId: null,
  };
}

/** Meal modes of the demo menu: breakfast, lunch, afternoon snack. */
const BREAKFAST = 1;
const LUNCH = 3;
const SNACK = 4;
const MENU_DAYS = 10;

/**
 * The demo's 10-day menu as a dietitian lays it out, each meal's dishes in the order they are served:
 * for each day breakfast, lunch (salad, soup, main course, garnish, drink) and the afternoon snack. No dish comes again within two school days, the cycle
 * going round (tea is exempt), no dish is fried: the one broken rule is the compote's added sugar on
 * day 1, so that the menu's screen shows what a broken rule looks like.
 */
const DEMO_MENU: [breakfast: string[], lunch: string[], snack: string[]][] = [
  [
    ['Каша рисовая молочная', 'Булочка с маком', 'Чай с сахаром'],
    ['Салат витаминный', 'Борщ', 'Плов с говядиной', 'Компот из сухофруктов'],
    ['Пирожок с картофелем', 'Айран'],
  ],
  [
    ['Омлет', 'Чай с сахаром'],
    ['Винегрет', 'Куриный суп с лапшой', 'Котлета куриная', 'Пюре картофельное', 'Чай с сахаром'],
    ['Яблоко', 'Молоко'],
  ],
  [
    ['Каша гречневая', 'Чай с сахаром'],
    ['Салат из огурцов и помидоров', 'Щи из свежей капусты', 'Бефстроганов', 'Макароны', 'Чай с сахаром'],
    ['Самса', 'Чай с сахаром'],
  ],
  [
    ['Сырники', 'Чай с сахаром'],
    ['Морковь по-корейски', 'Суп с фрикадельками', 'Рыба запечённая', 'Рис отварной', 'Чай с сахаром'],
    ['Банан', 'Кисель'],
  ],
  [
    ['Блины со сметаной', 'Чай с сахаром'],
    ['Салат свекольный', 'Рассольник', 'Лагман', 'Чай с сахаром'],
    ['Груша', 'Сок яблочный'],
  ],
  [
    ['Каша рисовая молочная', 'Булочка с маком', 'Чай с сахаром'],
    ['Салат витаминный', 'Сорпа', 'Тефтели в соусе', 'Гречка', 'Чай с сахаром'],
    ['Пирожок с картофелем', 'Айран'],
  ],
  [
    ['Омлет', 'Чай с сахаром'],
    ['Винегрет', 'Борщ', 'Котлета куриная', 'Пюре картофельное', 'Чай с сахаром'],
    ['Яблоко', 'Молоко'],
  ],
  [
    ['Каша гречневая', 'Чай с сахаром'],
    ['Салат из огурцов и помидоров', 'Куриный суп с лапшой', 'Куырдак', 'Чай с сахаром'],
    ['Самса', 'Чай с сахаром'],
  ],
  [
    ['Сырники', 'Чай с сахаром'],
    ['Морковь по-корейски', 'Щи из свежей капусты', 'Рыба запечённая', 'Овощи тушёные', 'Чай с сахаром'],
    ['Банан', 'Кисель'],
  ],
  [
    ['Блины со сметаной', 'Чай с сахаром'],
    ['Салат свекольный', 'Суп с фрикадельками', 'Манты', 'Чай с сахаром'],
    ['Груша', 'Сок яблочный'],
  ],
];

const round2 = (tiyn: number) => `${Math.floor(tiyn / 100)}.${String(tiyn % 100).padStart(2, '0')}`;

/**
 * The food of the education organization: 7 dish categories and 42 dishes with generated
 * photos, a 10-day menu over breakfast, lunch and snack activated as free and paid food at both
 * schools two weeks ago, and a month of the schools' cash orders on school days (none today).
 */
export async function loadDemoFood(tx: Tx, p: DemoFoodPlaces, now: Date): Promise<void> {
  const byName = new Map<string, { id: number; cost: string; name: string; nameKk: string | null }>();
  let n = 0;
  for (const category of CATALOGUE) {
    const [c] = await tx
      .insert(dishCategories)
      .values({ organizationId: p.edu, name: category.name, nameKk: category.nameKk })
      .returning({ id: dishCategories.id });
    const photos = await Promise.all(category.dishes.map(() => dishPhoto(category.colors, n++)));
    const stored = await tx.insert(images).values(photos).returning({ id: images.id });
    const rows = await tx
      .insert(dishes)
      .values(
        category.dishes.map(([name, cost, output, nameKk], i) => ({
          organizationId: p.edu,
          categoryId: c!.id,
          imageId: stored[i]!.id,
          name,
          nameKk,
          cost,
          output,
        })),
      )
      .returning({ id: dishes.id, name: dishes.name, nameKk: dishes.nameKk, cost: dishes.cost });
    for (const row of rows) byName.set(row.name, row);
  }
  const [menu] = await tx
    .insert(menus)
    .values({
      organizationId: p.edu,
      name: 'Осень–зима, 10 дней',
      nameKk: 'Күз–қыс, 10 күн',
      days: MENU_DAYS,
      groups: [BREAKFAST, LUNCH, SNACK],
    })
    .returning({ id: menus.id });
  const id = (name: string) => byName.get(name)!.id;
  const cells = DEMO_MENU.flatMap((meals, i) =>
    ([BREAKFAST, LUNCH, SNACK] as const).map((group, k) => ({ day: i + 1, group, dishIds: meals[k]!.map(id) })),
  );
  await tx
    .insert(menuDishes)
    .values(
      cells.flatMap((c) =>
        c.dishIds.map((dishId, i) => ({ menuId: menu!.id, day: c.day, group: c.group, dishId, position: i + 1 })),
      ),
    );

  const today = localDate(now);
  const dayOf = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000);
  const started = dayOf(-14).toISOString().slice(0, 10);
  await tx.insert(menuActivations).values(
    p.schools.flatMap((schoolId) =>
      (['free_food', 'paid_food'] as const).map((type) => ({
        organizationId: p.edu,
        schoolId,
        menuId: menu!.id,
        type,
        date: started,
      })),
    ),
  );

  // A month of cash sales from that day's menu, between breakfast and the end of lunch (Almaty).
  const dishesOfDay = new Map<number, number[]>();
  for (const c of cells) dishesOfDay.set(c.day, [...new Set([...(dishesOfDay.get(c.day) ?? []), ...c.dishIds])]);
  const costOf = new Map([...byName.values()].map((d) => [d.id, d]));
  const r = random(42);
  const sales: { head: typeof orders.$inferInsert; lines: Omit<typeof orderItems.$inferInsert, 'orderId'>[] }[] = [];
  for (let offset = -30; offset <= -1; offset++) {
    const day = dayOf(offset);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    const menuDay =
      (((((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${started}T00:00:00Z`)) / 86_400_000) % MENU_DAYS) +
        MENU_DAYS) %
        MENU_DAYS) +
      1;
    const offered = dishesOfDay.get(menuDay)!;
    for (const schoolId of p.schools) {
      const count = 12 + Math.floor(r() * 12);
      for (let k = 0; k < count; k++) {
        const minutes = 9 * 60 + Math.floor(r() * 300);
        const at = new Date(
          `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+05:00`,
        );
        const chosen = [
          ...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => offered[Math.floor(r() * offered.length)]!)),
        ];
        const lines = chosen.map((dishId) => {
          const dish = costOf.get(dishId)!;
          const qty = 1 + Math.floor(r() * 2);
          const tiyn = Math.round(Number(dish.cost) * 100) * qty;
          return {
            dishId,
            name: dish.name,
            nameKk: dish.nameKk,
            cost: dish.cost,
            count: qty,
            amount: round2(tiyn),
            tiyn,
          };
        });
        sales.push({
          head: {
            organizationId: p.edu,
            schoolId,
            userId: p.cashierId,
            paymentType: 'cash',
            count: lines.reduce((s, l) => s + l.count, 0),
            amount: round2(lines.reduce((s, l) => s + l.tiyn, 0)),
            createdAt: at,
          },
          lines: lines.map(({ tiyn: _, ...l }) => l),
        });
      }
    }
  }
  const ids = await tx
    .insert(orders)
    .values(sales.map((s) => s.head))
    .returning({ id: orders.id });
  await tx.insert(orderItems).values(sales.flatMap((s, i) => s.lines.map((l) => ({ ...l, orderId: ids[i]!.id }))));
}
