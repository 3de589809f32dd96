import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, openKazakhBrowser, shot, signIn, signOutHere } from './browser.ts';
import { call, tokenOf } from './fixation-helpers.ts';

/** docs/rules.md "Norm sets": the dietitian's screen of norm sets and each school's choice. */
const SUFFIX = String(Date.now()).slice(-7);
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let token: string;
let schoolId: number;
const schoolName = `Школа норм ${SUFFIX}`;

interface Sets {
  rows: {
    id: number;
    name: string;
    version: number;
    tolerance_pct: string;
    rows: { values: Record<string, string | null> }[];
  }[];
  schools: { id: number; norm_set_id: number | null }[];
}

beforeAll(async () => {
  token = await tokenOf('edu.admin@demo.kz');
  schoolId = (
    await call<{ id: number }>(token, 'POST', '/api/school', {
      region_id: 2,
      name: schoolName,
      address: 'ул. Абая, 5',
      city: 'Алматы',
    })
  ).id;
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'edu.admin@demo.kz');
});
afterAll(() => browser?.close());

const option = (text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

describe('/norms as the education admin', () => {
  it('lists the demo’s sets with their acts, and the schools with the set each chose', async () => {
    await page.goto(`${baseUrl()}/norms`);
    const sets = page.getByTestId('norm-sets');
    await sets.getByText('СанПиН 2.3/2.4.3590-20 (Россия) — не казахстанская таблица').waitFor();
    await sets.getByText('Единый стандарт питания 2019 (Казахстан)', { exact: false }).waitFor();
    expect(await sets.getByText('не таблица РК 2025').count()).toBeGreaterThanOrEqual(2);
    const row = page.getByTestId('school-norms').locator('tr').filter({ hasText: schoolName });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Не сверять');
    await shot(page, 'norms-1366');
  });

  it('enters the region’s set: refuses a share over 100 % under its field, then saves and counts a change as a version', async () => {
    await page.goto(`${baseUrl()}/norms`);
    await page.getByRole('button', { name: 'Новый набор' }).click();
    const form = page.getByTestId('norm-set-form');
    await form.getByLabel('Название на русском').fill(`Нормы области ${SUFFIX}`);
    await form.getByLabel('Источник').fill('Письмо управления здравоохранения № 12 от 01.08.2025');
    await form.getByLabel('Допуск, %').fill('5');
    await form.getByLabel('Доля приёма пищи в суточной потребности, %: Обед').fill('150');
    await form.getByLabel('6–10 лет, Сутки: Энергетическая ценность, ккал').fill('2400');
    await form.getByLabel('6–10 лет, Сутки: Белки, г').fill('80,5');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await form.getByText('Доля — число процентов больше 0 и не больше 100, до двух знаков после запятой').waitFor();
    await form.getByLabel('Доля приёма пищи в суточной потребности, %: Обед').fill('35');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Набор создан').waitFor();
    const sets = page.getByTestId('norm-sets');
    const row = sets.locator('tr').filter({ hasText: `Нормы области ${SUFFIX}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('1 от ');
    const saved = (await call<Sets>(token, 'GET', '/api/norm/sets')).rows.find(
      (r) => r.name === `Нормы области ${SUFFIX}`,
    )!;
    expect(saved.tolerance_pct).toBe('5.00');
    expect(saved.rows[0]!.values).toMatchObject({ energyKcal: '2400', proteinG: '80.5' });

    await row.getByRole('button', { name: `Изменить: Нормы области ${SUFFIX}` }).click();
    await expect.poll(() => form.getByLabel('6–10 лет, Сутки: Белки, г').inputValue()).toBe('80,5');
    await form.getByLabel('Допуск, %').fill('7,5');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Набор сохранён').waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('2 от ');
    // Both versions stay: the newest first, with what it changed; the first as made.
    await row.getByRole('button', { name: `Версии: Нормы области ${SUFFIX}` }).click();
    const versions = page.getByTestId('norm-set-version');
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.nth(0).textContent()).toMatch(/^Версия 2 — \d\d\.\d\d\.\d{4}.*Допуск: 5 % → 7,5 %$/);
    expect(await versions.nth(1).textContent()).toMatch(/^Версия 1 — .*Набор создан: значений — 2$/);
    await shot(page, 'norm-set-versions');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Закрыть', exact: true }).click();
    await expect.poll(() => versions.count()).toBe(0);
  });

  it('chooses a set for a school, and asks before removing one, refused while a school has it', async () => {
    await page.goto(`${baseUrl()}/norms`);
    const name = `Нормы области ${SUFFIX}`;
    const school = page.getByTestId('school-norms').locator('tr').filter({ hasText: schoolName });
    await school.getByRole('combobox').click();
    await option(name).click();
    await page.getByText('Набор школы сохранён').waitFor();
    const chosen = (await call<Sets>(token, 'GET', '/api/norm/sets')).schools.find((s) => s.id === schoolId)!;
    expect(chosen.norm_set_id).not.toBeNull();
    const row = page.getByTestId('norm-sets').locator('tr').filter({ hasText: name });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain(schoolName);
    await row.getByRole('button', { name: `Удалить: ${name}` }).click();
    await page
      .locator('.ant-modal-confirm-title')
      .filter({ hasText: `Удалить набор «${name}»?` })
      .waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Удалить' }).click();
    await page.getByText(`Нормы выбраны для школ: ${schoolName}`, { exact: false }).waitFor();
    // Another set for the school, then the removal goes through.
    await school.getByRole('combobox').click();
    await option('Не сверять').click();
    await page.getByText('Набор школы сохранён').last().waitFor();
    await row.getByRole('button', { name: `Удалить: ${name}` }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Набор удалён').waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('keeps the menu rules: a limit refused under its field, then a changed limit, a rule off and a weekly rule saved', async () => {
    const before = await call<Record<string, unknown>>(token, 'GET', '/api/menu-rules');
    try {
      await page.goto(`${baseUrl()}/norms`);
      const card = page.getByTestId('menu-rules');
      await card.getByText('Правила меню', { exact: true }).waitFor();
      const salt = card.getByLabel('Соли в готовом блюде не больше, г на 100 г', { exact: true });
      await expect.poll(() => salt.inputValue()).toBe('0,3');
      await salt.fill('много');
      await card.getByRole('button', { name: 'Сохранить правила' }).click();
      await card.getByText('Предел — число граммов больше 0 и не больше 100, до двух знаков после запятой').waitFor();
      await salt.fill('0,25');
      await card
        .getByRole('switch', { name: 'Без жареных блюд (способ приготовления в карте — жарка): Правило включено' })
        .click();
      await card.getByRole('button', { name: 'Добавить недельное правило' }).click();
      const weekly = (await card.getByRole('button', { name: /^Убрать недельное правило/ }).count()).toString();
      await card.getByLabel(`Что ${weekly}`).fill('Рыба');
      await card.getByLabel(`Слова в названиях ${weekly}`).click();
      await page.keyboard.type('рыб');
      await page.keyboard.press('Enter');
      await card.getByRole('button', { name: 'Сохранить правила' }).click();
      await page.getByText('Правила меню сохранены').waitFor();
      const saved = await call<{
        salt: { limit_g: string };
        fried: { enabled: boolean };
        weekly: { name: string; words: string[]; times: number; enabled: boolean }[];
        updated_by: string | null;
      }>(token, 'GET', '/api/menu-rules');
      expect(saved.salt.limit_g).toBe('0.25');
      expect(saved.fried.enabled).toBe(false);
      expect(saved.weekly).toContainEqual({ enabled: true, name: 'Рыба', words: ['рыб'], times: 2 });
      await card.getByText('Изменены ', { exact: false }).waitFor();
    } finally {
      const { updated_at: _at, updated_by: _by, ...rules } = before;
      await call(token, 'PUT', '/api/menu-rules', rules);
    }
  });

  it('reads in Kazakh', async () => {
    const kk = await openKazakhBrowser('edu.admin@demo.kz');
    try {
      await kk.page.goto(`${baseUrl()}/norms`);
      await kk.page.getByText('СанПиН 2.3/2.4.3590-20 (Ресей) — қазақстандық кесте емес').first().waitFor();
      await kk.page.getByText('Мектептердің нормалары').waitFor();
      await kk.page.getByRole('button', { name: 'Жаңа жинақ' }).click();
      await kk.page.getByText('Тамақтанудың тәуліктік қажеттіліктегі үлесі, %').waitFor();
      await shot(kk.page, 'norms-editor-1366-kk');
      await kk.page.getByRole('button', { name: 'Бас тарту', exact: true }).click();
      // The demo's set as it was made, its first version.
      const demo = kk.page
        .getByTestId('norm-sets')
        .locator('tr')
        .filter({ hasText: 'СанПиН 2.3/2.4.3590-20 (Ресей) — қазақстандық кесте емес' })
        .first();
      await demo.getByRole('button', { name: /^Нұсқалар: / }).click();
      await kk.page
        .getByTestId('norm-set-version')
        .filter({ hasText: /^1-нұсқа — .*Жинақ жасалды: мәндер саны — \d+$/ })
        .first()
        .waitFor();
      await shot(kk.page, 'norm-set-versions-kk');
    } finally {
      await kk.close();
    }
  });
});
