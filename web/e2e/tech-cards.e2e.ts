import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, openKazakhBrowser, shot, signIn, signOutHere } from './browser.ts';
import { call, tokenOf } from './fixation-helpers.ts';

/** docs/rules.md "Technological cards and a dish's figures": the dish's card screen. */
const SUFFIX = String(Date.now()).slice(-7);
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let token: string;
let categoryId: number;
let plovId: number;

type Rows<T> = { rows: T[] };
interface CardAnswer {
  card: {
    lines: { food: { name: string }; gross_g: number; net_g: number; method: string | null }[];
    yield_g: number;
    figures: { per_100g: Record<string, { value: number; missing: string[] }> };
  } | null;
}

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'edu.admin@demo.kz');
  token = await tokenOf('edu.admin@demo.kz');
  for (const category of (await call<Rows<{ id: number }>>(token, 'GET', '/api/categories?limit=100')).rows) {
    const dishes = await call<Rows<{ id: number; name: string }>>(
      token,
      'GET',
      `/api/products?categoryId=${category.id}&limit=100`,
    );
    const plov = dishes.rows.find((d) => d.name === 'Плов с говядиной');
    if (plov) {
      categoryId = category.id;
      plovId = plov.id;
    }
  }
});
afterAll(() => browser?.close());

/**
 * The demo's 10-day menu, applied at both schools: other files of the same worker make menus of their
 * own (empty ones, never applied), and the first of the list may be one of them.
 */
async function demoMenu(): Promise<{ id: number }> {
  const found = await call<Rows<{ id: number; name: string }>>(
    token,
    'GET',
    `/api/menus?query=${encodeURIComponent('Осень–зима, 10 дней')}&limit=10`,
  );
  const menu = found.rows.find((m) => m.name === 'Осень–зима, 10 дней');
  if (!menu) throw new Error('the demo has no 10-day menu');
  return menu;
}

/** A text as itself inside a RegExp. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const figure = (name: string) =>
  page.locator('[data-testid="tech-card-figures"] tbody tr').filter({ has: page.getByText(name, { exact: true }) });

describe('/product/{categoryId}/{id}/card as the education admin', () => {
  it('opens the demo plov’s card from the dish form: its foods, yield, portions and figures per 100 g and per portion', async () => {
    await page.goto(`${baseUrl()}/product/${categoryId}/${plovId}`);
    await page.getByTestId('dish-card-link').click();
    await page.waitForURL((u) => u.pathname === `/product/${categoryId}/${plovId}/card`);
    await page.getByRole('heading', { name: 'Технологическая карта: Плов с говядиной' }).waitFor();
    await expect.poll(() => page.getByTestId('tech-card-line').count()).toBe(6);
    expect(await page.getByLabel('Брутто, г 3').inputValue()).toBe('225');
    expect(await page.getByLabel('Нетто, г 3').inputValue()).toBe('200');
    expect(await page.getByLabel('Выход готового блюда, г').inputValue()).toBe('1000');
    const saved = await call<CardAnswer>(token, 'GET', `/api/product/${plovId}/card`);
    const energy = saved.card!.figures.per_100g.energyKcal!.value;
    // The screen shows the server's figure, rounded: energy per 100 g, then the 6–10 portion (180 g).
    const cells = figure('Энергетическая ценность, ккал').locator('td');
    expect(await cells.nth(1).textContent()).toBe(energy.toFixed(energy >= 100 ? 0 : 1).replace('.', ','));
    const portion = (energy * 180) / 100;
    expect(await cells.nth(2).textContent()).toBe(portion.toFixed(portion >= 100 ? 0 : 1).replace('.', ','));
    await page.getByText('Порция 6–10 лет, 180 г').first().waitFor();
    // The demo's prices: the plov's foods cost this much for the whole kilogram cooked.
    const cost = (saved.card as unknown as { cost: { total: string } }).cost.total.replace('.', ',');
    await page.getByTestId('tech-card-cost').getByText(`весь выход — ${cost} тг.`, { exact: false }).waitFor();
    await shot(page, 'tech-card-plov-1366');
  });

  it('builds a new dish’s card from foods found with a typo, the net from the refuse, and shows its figures once saved', async () => {
    const dish = await call<{ id: number }>(token, 'POST', '/api/product', {
      category_id: categoryId,
      name: `Гуляш ${SUFFIX}`,
      cost: '400',
      output: '150 г',
    });
    await page.goto(`${baseUrl()}/product/${categoryId}/${dish.id}/card`);
    await page.getByText('Карты на этот день нет').waitFor();
    await page.getByRole('combobox', { name: 'Продукт 1', exact: true }).click();
    await page.keyboard.type('говдина мякоть', { delay: 20 });
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Говядина, мякоть без жира' })
      .first()
      .click();
    await page.getByLabel('Брутто, г 1').fill('100');
    await page.getByRole('button', { name: 'Добавить продукт' }).click();
    await page.getByRole('combobox', { name: 'Продукт 2', exact: true }).click();
    await page.keyboard.type('морковь', { delay: 20 });
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Морковь$/ })
      .click();
    await page.getByLabel('Брутто, г 2').fill('112');
    // Carrots lose 11 % as bought (the table's refuse): the net proposed.
    // The form gives the typed weight to the line a render later (Form.useWatch): wait for it.
    await expect.poll(() => page.getByLabel('Нетто, г 2').getAttribute('placeholder')).toBe('99,7');
    await page.getByRole('combobox', { name: 'Способ приготовления', exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Тушение' }).click();
    await page.getByLabel('Выход готового блюда, г').fill('180');
    await page.getByLabel('6–10 лет').fill('150');
    await page.getByRole('button', { name: 'Сохранить карту' }).click();
    await page.getByText('Карта сохранена').waitFor();
    await page.getByTestId('tech-card-figures').waitFor();
    const saved = await call<CardAnswer>(token, 'GET', `/api/product/${dish.id}/card`);
    expect(saved.card!.lines.map((l) => [l.food.name, l.gross_g, l.net_g])).toEqual([
      ['Говядина, мякоть без жира', 100, 100],
      ['Морковь', 112, 99.7],
    ]);
    expect(saved.card!.yield_g).toBe(180);
    await figure('Белки, г').waitFor();
  });

  it('says what is wrong with a line under it, and saves nothing', async () => {
    await page.getByLabel('Нетто, г 1').fill('150');
    await page.getByRole('button', { name: 'Сохранить карту' }).click();
    await page
      .locator('.tq-card-line .ant-form-item-explain-error')
      .filter({ hasText: 'Масса нетто не может быть больше массы брутто' })
      .waitFor();
    await shot(page, 'tech-card-net-over-gross-1366');
    const dishes = await call<Rows<{ id: number; name: string }>>(
      token,
      'GET',
      `/api/products?categoryId=${categoryId}&limit=100`,
    );
    const goulash = dishes.rows.find((d) => d.name === `Гуляш ${SUFFIX}`)!;
    const kept = await call<CardAnswer>(token, 'GET', `/api/product/${goulash.id}/card`);
    expect(kept.card!.lines[0]!.net_g).toBe(100);
  });

  it('prints the card on A4 as a recipe book does: the foods for the yield and each portion, the figures, the allergens, signatures', async () => {
    await page.goto(`${baseUrl()}/product/${categoryId}/${plovId}/card`);
    await page.getByRole('link', { name: 'Печать карты' }).click();
    await page.waitForURL((u) => u.pathname === `/product/${categoryId}/${plovId}/card/print`);
    const preview = page.getByTestId('tech-card-print-page');
    const lines = preview.getByTestId('printed-card-lines').locator('tbody tr');
    await expect.poll(() => lines.count()).toBe(6);
    const saved = await call<{
      card: {
        recipe_number: string | null;
        lines: { gross_g: number }[];
        yield_g: number;
        portions: { portion_g: number }[];
      };
    }>(token, 'GET', `/api/product/${plovId}/card`);
    await preview.getByText(`Технологическая карта № ${saved.card.recipe_number}`).waitFor();
    await preview.getByText('Плов с говядиной', { exact: false }).first().waitFor();
    // The third food's gross for the 6–10 portion: its share of the yield.
    const share = saved.card.portions[0]!.portion_g / saved.card.yield_g;
    const gross = (Math.round(saved.card.lines[2]!.gross_g * share * 10) / 10).toString().replace('.', ',');
    expect(await lines.nth(2).locator('td').nth(4).textContent()).toBe(gross);
    await preview.getByText('Заведующий производством').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await preview.isVisible()).toBe(false);
    expect(await page.locator('.tamaq-print').getByTestId('printed-card-figures').isVisible()).toBe(true);
    await shot(page, 'tech-card-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('reads in Kazakh', async () => {
    const kk = await openKazakhBrowser('edu.admin@demo.kz');
    try {
      await kk.page.goto(`${baseUrl()}/product/${categoryId}/${plovId}/card`);
      await kk.page.getByRole('heading', { name: /^Технологиялық карта: / }).waitFor();
      await kk.page.getByText('Дайын тағамның шығымы, г').waitFor();
      await kk.page.getByText('Тағамдық құндылығы', { exact: true }).waitFor();
      await shot(kk.page, 'tech-card-plov-1366-kk');
    } finally {
      await kk.close();
    }
  });
});

describe('/menu/{id}: the day’s figures', () => {
  it('shows each meal, the day and the cycle’s average per age group from the cards, and names the dishes without one', async () => {
    const menu = await demoMenu();
    const figures = await call<{
      days: { day: number; figures: { figures: Record<string, { value: number; missing: string[] }> }[] }[];
      without_card: { name: string }[];
    }>(token, 'GET', `/api/menu/${menu.id}/figures`);
    await page.goto(`${baseUrl()}/menu/${menu.id}`);
    const section = page.getByTestId('menu-figures');
    await section.getByText('Итого за день', { exact: true }).waitFor();
    await section.getByText('Средний день цикла', { exact: true }).waitFor();
    const total = figures.days[0]!.figures[0]!.figures.energyKcal!;
    const shown = total.value.toFixed(total.value >= 100 ? 0 : 1).replace('.', ',');
    const dayRow = section.locator('tbody tr').filter({ hasText: 'Итого за день' });
    expect(await dayRow.locator('td').nth(1).textContent()).toContain(shown);
    if (figures.without_card.length)
      await section
        .getByText(`Без технологической карты: ${figures.without_card[0]!.name}`, { exact: false })
        .waitFor();
    await shot(page, 'menu-figures-1366');
  });

  it('holds the day against the school’s norm set: the norm, the deviation line, red cells with the reason, and another set on request', async () => {
    const menu = await demoMenu();
    type Check = { nutrient: string; value: number; norm: number; within: boolean | null };
    const figures = await call<{
      norm_set: { name: string; version: number } | null;
      days: { day: number; figures: { age_group_id: number; checks: Check[] }[] }[];
    }>(token, 'GET', `/api/menu/${menu.id}/figures`);
    expect(figures.norm_set?.name).toContain('СанПиН 2.3/2.4.3590-20');
    await page.goto(`${baseUrl()}/menu/${menu.id}`);
    const section = page.getByTestId('menu-figures');
    await section.getByText('Нормы: СанПиН 2.3/2.4.3590-20', { exact: false }).waitFor();
    await section.getByText('Это не утверждённая таблица Казахстана 2025 года', { exact: false }).waitFor();
    const dayNorm = section.locator('tbody tr').filter({ hasText: 'Норма' }).first();
    await dayNorm.waitFor();
    await section.locator('tbody tr').filter({ hasText: 'Отклонение от нормы, г / %' }).first().waitFor();
    // The day's total per age group surely outside the norm: said in words under the table, a line per
    // group; a figure that lacks a card and is under its norm is marked «?» and said apart.
    const checks = figures.days[0]!.figures.flatMap((g) => g.checks);
    const off = figures.days[0]!.figures.filter((g) => g.checks.some((c) => c.within === false));
    const lines = section.getByTestId('norm-reasons').locator('li').filter({ hasText: 'Итого за день, ' });
    await expect.poll(() => lines.count()).toBe(off.length);
    if (off.length) {
      expect(await lines.first().textContent()).toMatch(/при норме \d/);
      expect(await section.locator('td.norm-off').count()).toBeGreaterThan(0);
    }
    if (checks.some((c) => c.within === null))
      await section.getByText('Часть значений не сверить с нормой', { exact: false }).waitFor();
    else if (!off.length) await section.getByText('Все приёмы пищи дня в пределах нормы').waitFor();
    // The day's broken menu rules, as the server found them: the demo’s compote is over 5 g of added sugar per 100 g.
    const rules = await call<{ violations: { day: number | null; text: string }[] }>(
      token,
      'GET',
      `/api/menu/${menu.id}/figures`,
    );
    const ofDay = rules.violations.filter((v) => v.day === 1).map((v) => v.text);
    expect(
      ofDay.some((text) => /^«Компот из сухофруктов»: добавленного сахара .* г на 100 г, больше 5 г$/.test(text)),
    ).toBe(true);
    const broken = section.getByTestId('menu-rule-violations').locator('li');
    await expect.poll(() => broken.allTextContents()).toEqual(expect.arrayContaining(ofDay));
    await shot(page, 'menu-norm-1366');
    // The 2019 lunch energies instead: only lunch has a norm, energy alone.
    await page.getByRole('combobox', { name: 'Сравнить с нормами', exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Единый стандарт питания 2019' })
      .click();
    await section.getByText('Нормы: Единый стандарт питания 2019', { exact: false }).waitFor();
    // Lunch alone has a norm: its line is said under the table, and the day has none to be held against.
    const lunch = section.getByTestId('norm-reasons').locator('li').filter({ hasText: 'Обед, 6–10 лет: энергия' });
    await lunch
      .or(section.getByText('Все приёмы пищи дня в пределах нормы'))
      .or(section.getByText('Часть значений не сверить с нормой', { exact: false }))
      .first()
      .waitFor();
    expect(await section.getByTestId('norm-reasons').locator('li').filter({ hasText: 'Итого за день' }).count()).toBe(
      0,
    );
    await shot(page, 'menu-norm-kz-2019');
  });

  it('reads against the norm in Kazakh', async () => {
    const menu = await demoMenu();
    const kk = await openKazakhBrowser('edu.admin@demo.kz');
    try {
      await kk.page.goto(`${baseUrl()}/menu/${menu.id}`);
      const section = kk.page.getByTestId('menu-figures');
      await section.getByText('Нормалар: СанПиН 2.3/2.4.3590-20 (Ресей)', { exact: false }).waitFor();
      await section.getByText('Нормадан ауытқу, г / %').first().waitFor();
      await shot(kk.page, 'menu-norm-1366-kk');
    } finally {
      await kk.close();
    }
  });

  it('says the day’s cost by the foods’ prices against the social wallet’s tariff, and another category’s on request', async () => {
    const menu = await demoMenu();
    await page.goto(`${baseUrl()}/menu/${menu.id}`);
    const cost = page.getByTestId('menu-day-cost');
    await cost.getByText(/^Стоимость дня по ценам продуктов: 6–10 лет — (≥ )?[\d\s]+,\d\d\sтг\./).waitFor();
    // The tariff the server holds the days against (the first social wallet's: other files of the worker
    // add categories of their own), and another category chosen.
    const figures = await call<{ tariff: { id: number; name: string; meals: number[] | null } }>(
      token,
      'GET',
      `/api/menu/${menu.id}/figures`,
    );
    // The demo's social wallet pays for the lunches (its meal times serve the menu's lunch): the days are
    // held against it by their lunch alone, said apart.
    const paysFor = figures.tariff.meals ? ' — оплачивает: обед' : '';
    await cost
      .getByText(new RegExp(`^Тариф «${escape(figures.tariff.name)}»: [\\d\\s]+,\\d\\d\\sтг\\. в день${paysFor}$`))
      .waitFor();
    if (figures.tariff.meals)
      await cost
        .getByTestId('menu-day-paid')
        .getByText(/^Из них обед: 6–10 лет — [\d\s]+,\d\d\sтг\./)
        .waitFor();
    const categories = await call<{ rows: { id: number; name: string }[] }>(
      token,
      'GET',
      '/api/food/categories?limit=1000',
    );
    const other = categories.rows.find((c) => c.id !== figures.tariff.id)!;
    await page.getByRole('combobox', { name: 'Сравнить с тарифом', exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${escape(other.name)} — `) })
      .click();
    await cost.getByText(new RegExp(`^Тариф «${escape(other.name)}»: `)).waitFor();
    await shot(page, 'menu-day-cost');
  });

  it('lays out a day for the kitchen: each food per portion and for the portions typed, a wrong count refused', async () => {
    const menu = await demoMenu();
    await page.goto(`${baseUrl()}/menu/${menu.id}`);
    await page.getByRole('link', { name: 'Меню-раскладка' }).click();
    await page.waitForURL((u) => u.pathname === `/menu/${menu.id}/layout`);
    const layout = await call<{
      age_groups: { id: number; name: string }[];
      meals: {
        dishes: {
          name: string;
          yield_g: number | null;
          portions: { age_group_id: number; portion_g: number }[];
          lines: { food: string; gross_g: number }[];
        }[];
      }[];
    }>(token, 'GET', `/api/menu/${menu.id}/layout?day=1`);
    const [young, old] = layout.age_groups;
    const preview = page.getByTestId('layout-preview');
    await preview.getByText(/^Меню-раскладка на \d\d\.\d\d\.\d{4}$/).waitFor();
    await page.getByLabel(`Порций: ${young!.name}`).fill('120');
    await page.getByLabel(`Порций: ${old!.name}`).fill('80');
    await preview.getByText(/порций: 200/).waitFor();
    // The borscht's first food: per portion of each group and for all 200, as the card gives them.
    const borscht = layout.meals.flatMap((m) => m.dishes).find((d) => d.name === 'Борщ')!;
    const line = borscht.lines[0]!;
    const share = (g: number) => borscht.portions.find((p) => p.age_group_id === g)!.portion_g / borscht.yield_g!;
    const kg = ((line.gross_g * (share(young!.id) * 120 + share(old!.id) * 80)) / 1000).toFixed(3).replace('.', ',');
    const row = preview.getByTestId('layout-food').filter({ has: page.getByText(line.food, { exact: true }) });
    expect(await row.locator('td').allTextContents()).toContain(kg);
    // A pinch under a gram keeps its hundredths: the plov's 2 g of salt in 1 kg is 0,36 g in 180 g.
    const salt = preview.getByTestId('layout-food').filter({ has: page.getByText('Соль поваренная', { exact: true }) });
    expect(await salt.locator('td').allTextContents()).toContain('0,36');
    // A count that is no whole number is refused with a message and prints nothing.
    await page.getByLabel(`Порций: ${old!.name}`).fill('8,5');
    await page.getByText('Число порций — целое от 0 до 100 000').waitFor();
    expect(await page.getByRole('button', { name: 'Печать' }).isDisabled()).toBe(true);
    await page.getByLabel(`Порций: ${old!.name}`).fill('80');
    await preview.getByText(/порций: 200/).waitFor();
    await shot(page, 'menu-layout-1366');
  });

  it('prints the menu for approval on A4 landscape: the blocks, school, season, period, each day against the norm', async () => {
    const menu = await demoMenu();
    await page.goto(`${baseUrl()}/menu/${menu.id}`);
    // The borscht marks no allergen itself: its card's sour cream gives it milk, on the menu's list too.
    await page
      .getByTestId('menu-cell-3')
      .locator('.ant-list-item')
      .filter({ hasText: 'Борщ' })
      .getByText(/Аллергены: молоко/)
      .waitFor();
    await page.getByRole('link', { name: 'На согласование' }).click();
    await page.waitForURL((u) => u.pathname === `/menu/${menu.id}/approval`);
    const preview = page.getByTestId('approval-preview');
    await preview.getByText('УТВЕРЖДАЮ', { exact: true }).waitFor();
    await preview.getByText('СОГЛАСОВАНО', { exact: true }).waitFor();
    await preview.getByText(/^Директор .+/).waitFor();
    await preview.getByText('Цикличное меню на 10 учебных дней').waitFor();
    // An all-year menu is proposed for the school year; the period asked stays in the address.
    await preview.getByText(/Сезон: круглый год\. Период действия: с 01\.09\.\d{4} по 31\.05\.\d{4}/).waitFor();
    await page.goto(`${baseUrl()}/menu/${menu.id}/approval?from=2026-12-01&to=2027-05-31`);
    await preview.getByText('Период действия: с 01.12.2026 по 31.05.2027', { exact: false }).waitFor();
    await preview.getByText('Нормы: СанПиН 2.3/2.4.3590-20', { exact: false }).waitFor();
    expect(await preview.getByTestId('approval-day').count()).toBe(10);
    const first = preview.getByTestId('approval-day').first();
    await first.getByText('Итого за день').waitFor();
    await first.getByText('Отклонение от нормы, г / %').first().waitFor();
    // Each dish of the served meals with its output for each age group; the cycle's average; the rules.
    expect(await first.locator('tbody tr').count()).toBeGreaterThan(10);
    await preview.getByTestId('approval-average').getByText('Норма').waitFor();
    expect(await preview.getByTestId('approval-violations').locator('li').count()).toBeGreaterThan(0);
    await shot(page, 'menu-approval-1366');
    await page.emulateMedia({ media: 'print' });
    expect(await preview.isVisible()).toBe(false);
    expect(await page.locator('.tamaq-print').getByTestId('approval-day').first().isVisible()).toBe(true);
    await shot(page, 'menu-approval-print');
    await page.emulateMedia({ media: 'screen' });

    const kk = await openKazakhBrowser('edu.admin@demo.kz');
    try {
      await kk.page.goto(`${baseUrl()}/menu/${menu.id}/approval?from=2026-12-01&to=2027-05-31`);
      const kkPreview = kk.page.getByTestId('approval-preview');
      await kkPreview.getByText('БЕКІТЕМІН', { exact: true }).waitFor();
      await kkPreview.getByText('КЕЛІСІЛДІ', { exact: true }).waitFor();
      await kkPreview.getByText('10 оқу күніне арналған циклдік мәзір').waitFor();
      await kkPreview.getByText('Маусым: жыл бойы', { exact: false }).waitFor();
      await kkPreview.getByText('Нормадан ауытқу, г / %').first().waitFor();
      await shot(kk.page, 'menu-approval-1366-kk');
    } finally {
      await kk.close();
    }
  });
});
