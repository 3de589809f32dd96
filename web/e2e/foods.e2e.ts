import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, openKazakhBrowser, shot, signIn, signOutHere } from './browser.ts';
import { call, tokenOf } from './fixation-helpers.ts';

/** docs/rules.md "Foods and nutrients", "Food prices and a dish's cost": the dietitian's foods and prices. */
const SUFFIX = String(Date.now()).slice(-7);
const OWN = `Морковь ${SUFFIX} (своя таблица)`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let token: string;

beforeAll(async () => {
  token = await tokenOf('edu.admin@demo.kz');
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'edu.admin@demo.kz');
});
afterAll(() => browser?.close());

const row = (name: string) =>
  page.locator('[data-testid="foods-page"] tbody tr.ant-table-row').filter({ hasText: name });

interface Foods {
  rows: { id: number; name: string; own: boolean; source: string; values: Record<string, string | null> }[];
}

describe('/foods as the education admin', () => {
  it('finds a food of the table, takes its values as an own food’s start, refuses what is wrong, and saves', async () => {
    await page.goto(`${baseUrl()}/foods`);
    await page.getByLabel('Поиск: название на русском, казахском или английском').fill('морков');
    const carrot = row('таблица, № 11124');
    await carrot.waitFor();
    await carrot.getByRole('button', { name: /^Свои значения: / }).click();
    const dialog = page.getByRole('dialog');
    const name = dialog.getByLabel('Название на русском');
    expect(await name.inputValue()).toMatch(/\(своя таблица\)$/);
    // The table's energy, as its row gives it, is the start.
    expect(await dialog.getByLabel('Энергетическая ценность, ккал').inputValue()).toBe('41');
    await name.fill(OWN);
    await dialog.getByLabel('Энергетическая ценность, ккал').fill('много');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    // The source first (the form's own rule), then the value the server refuses, under their fields.
    await fieldError(page, 'Источник значений')
      .getByText(/Книга и страница/)
      .waitFor();
    await dialog.getByLabel('Источник значений').fill('Таблица диетолога, с. 12');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Энергетическая ценность, ккал')
      .getByText(/^Значение — число от 0 до 100 000/)
      .waitFor();
    const before = await call<Foods>(token, 'GET', `/api/foods?query=${encodeURIComponent(SUFFIX)}`);
    expect(before.rows.filter((f) => f.own)).toEqual([]);
    await dialog.getByLabel('Энергетическая ценность, ккал').fill('38,5');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Продукт добавлен').first().waitFor();
    const saved = await call<Foods>(token, 'GET', `/api/foods?query=${encodeURIComponent(SUFFIX)}`);
    const own = saved.rows.find((f) => f.name === OWN)!;
    expect(own).toMatchObject({ own: true, source: 'Таблица диетолога, с. 12' });
    expect(own.values.energyKcal).toBe('38.5');
    await page.getByLabel('Поиск: название на русском, казахском или английском').fill(SUFFIX);
    await row(OWN).getByText('своя таблица', { exact: true }).waitFor();
    await shot(page, 'foods-1366');
  });

  it('sets an own food’s price from a day, refusing a price that is none, and lists the prices', async () => {
    await page.goto(`${baseUrl()}/foods?query=${SUFFIX}`);
    await row(OWN)
      .getByRole('button', { name: `Цены: ${OWN}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Цен пока нет: стоимость блюд с этим продуктом неполная').waitFor();
    await dialog.getByLabel('Цена за 1 кг, тг.').fill('дорого');
    await dialog.getByRole('button', { name: 'Сохранить цену' }).click();
    await fieldError(page, 'Цена за 1 кг, тг.')
      .getByText(/^Цена за килограмм — число тенге/)
      .waitFor();
    await dialog.getByLabel('Цена за 1 кг, тг.').fill('180,50');
    await dialog.getByRole('button', { name: 'Сохранить цену' }).click();
    await page.getByText('Цена сохранена').first().waitFor();
    await dialog
      .getByTestId('food-prices')
      .getByText(/^180,50\sтг\.$/)
      .waitFor();
    await shot(page, 'food-prices');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Закрыть' }).click();
  });

  it('changes an own food and removes it after the question', async () => {
    await page.goto(`${baseUrl()}/foods?query=${SUFFIX}`);
    await row(OWN)
      .getByRole('button', { name: `Изменить: ${OWN}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Белки, г').fill('1,2');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Продукт сохранён').first().waitFor();
    const changed = await call<Foods>(token, 'GET', `/api/foods?query=${encodeURIComponent(SUFFIX)}`);
    expect(changed.rows.find((f) => f.name === OWN)?.values.proteinG).toBe('1.2');
    await row(OWN)
      .getByRole('button', { name: `Удалить: ${OWN}` })
      .click();
    await page.getByText('Удалить свой продукт? Карты, в которых он есть, сохранятся.').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Продукт удалён').first().waitFor();
    await row(OWN).waitFor({ state: 'detached' });
  });

  it('sets the organization’s own loss of a method, refusing one that is no percentage, and gives the shipped one back', async () => {
    await page.goto(`${baseUrl()}/foods`);
    const losses = page.getByTestId('cooking-losses');
    // The row of stewing's vitamin C (the shipped source names every method and nutrient too).
    const stewedC = losses
      .locator('tbody tr.ant-table-row')
      .filter({ has: page.locator('td:nth-child(1)', { hasText: /^Тушение$/ }) })
      .filter({ has: page.locator('td:nth-child(2)', { hasText: /^Витамин C, мг$/ }) });
    await stewedC.waitFor();
    expect(await stewedC.getByTestId('loss-pct').textContent()).toBe('80');
    try {
      await stewedC.getByRole('button', { name: 'Изменить: Тушение, Витамин C, мг' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Потеря, %').fill('120');
      await dialog.getByLabel('Источник').fill('Сборник рецептур, 2016, табл. 3');
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await fieldError(page, 'Потеря, %')
        .getByText('Потеря — число процентов от 0 до 100, до трёх знаков после запятой')
        .waitFor();
      await dialog.getByLabel('Потеря, %').fill('72,5');
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Потеря сохранена: карты пересчитаны').first().waitFor();
      await expect.poll(() => stewedC.getByTestId('loss-pct').textContent()).toBe('72,5');
      expect(await stewedC.textContent()).toContain('своя');
      expect(await stewedC.textContent()).toContain('(поставляемая: 80 %)');
      const saved = await call<{ rows: { method: string; nutrient: string; loss_pct: string; own: boolean }[] }>(
        token,
        'GET',
        '/api/cooking-losses',
      );
      expect(saved.rows.find((r) => r.method === 'stewing' && r.nutrient === 'vitaminCMg')).toMatchObject({
        loss_pct: '72.5',
        own: true,
      });
      await shot(page, 'cooking-losses');
      await stewedC.getByRole('button', { name: 'Вернуть поставляемую: Тушение, Витамин C, мг' }).click();
      await page.getByText('Поставляемая потеря возвращена').first().waitFor();
      await expect.poll(() => stewedC.getByTestId('loss-pct').textContent()).toBe('80');
    } finally {
      await call(token, 'PUT', '/api/cooking-loss', { method: 'stewing', nutrient: 'vitaminCMg', loss_pct: null });
    }
  });

  it('reads in Kazakh', async () => {
    const kk = await openKazakhBrowser('edu.admin@demo.kz');
    try {
      await kk.page.goto(`${baseUrl()}/foods?query=${encodeURIComponent('сәбіз')}`);
      await kk.page.getByTestId('foods-page').getByText('Өнімдер және бағалар', { exact: true }).waitFor();
      await kk.page.locator('[data-testid="foods-page"] tbody tr.ant-table-row').first().waitFor();
      await kk.page
        .getByTestId('cooking-losses')
        .getByText('Жылумен өңдеу кезіндегі шығындар', { exact: true })
        .waitFor();
      await shot(kk.page, 'foods-1366-kk');
    } finally {
      await kk.close();
    }
  });
});
