import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, downloadLink, openBrowser, shot, signIn, signOutHere } from './browser.ts';
import { call, tokenOf } from './fixation-helpers.ts';

const SUFFIX = String(Date.now()).slice(-7);
const SCHOOL = `Школа заказов ${SUFFIX}`;
const SAMSA = `Самса ${SUFFIX}`;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let schoolId: number;

const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');
const dayOff = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const admin = await tokenOf('edu.admin@demo.kz');
  schoolId = (
    await call<{ id: number }>(admin, 'POST', '/api/school', {
      region_id: 2,
      name: SCHOOL,
      address: 'ул. Абая, 1',
      city: 'Алматы',
    })
  ).id;
  const category = await call<{ id: number }>(admin, 'POST', '/api/category', { name: `Выпечка ${SUFFIX}` });
  const samsa = await call<{ id: number }>(admin, 'POST', '/api/product', {
    category_id: category.id,
    name: SAMSA,
    cost: '450.50',
    output: '1 шт.',
  });
  // Twelve orders: two pages of ten.
  for (let i = 1; i <= 12; i++) {
    await call(admin, 'POST', '/api/order', {
      school_id: schoolId,
      products: [{ id: samsa.id, count: i === 1 ? 3 : 1 }],
    });
  }
  browser = await openBrowser();
  page = browser.page;
  await signOutHere(page);
  await signIn(page, 'edu.admin@demo.kz');
});
afterAll(() => browser?.close());

describe('/orders as the education admin', () => {
  it('shows why a period cannot load, without totals pulsing and without a retry that cannot help', async () => {
    await page.goto(`${baseUrl()}/orders?schoolId=${schoolId}&dateFrom=${dayOff(1)}&dateTo=${dayOff(-1)}`);
    const alert = page.locator('[data-testid="orders-page"] .ant-alert-error');
    await alert.waitFor();
    await shot(page, 'orders-refused-period');
    expect(await page.getByTestId('orders-totals').count()).toBe(0);
    expect(await page.locator('[data-testid="orders-page"] .ant-skeleton').count()).toBe(0);
    expect(await alert.getByRole('button', { name: 'Повторить' }).count()).toBe(0);
  });

  it('shows a school’s orders of a period 10 a page with exact totals, and downloads the same', async () => {
    await page.goto(`${baseUrl()}/orders?schoolId=${schoolId}&dateFrom=${dayOff(-1)}&dateTo=${dayOff(1)}`);
    const totals = page.getByTestId('orders-totals');
    await totals.getByText('6 307,00').waitFor();
    await page.locator('[data-testid="orders-page"] tbody tr.ant-table-row').first().waitFor();
    expect(plain(await totals.textContent())).toBe('Заказов12Сумма6 307,00 тг.Продано блюд14');
    expect(await page.locator('[data-testid="orders-page"] tbody tr.ant-table-row').count()).toBe(10);
    expect(await page.locator('[data-testid="orders-page"] tbody').textContent()).toContain(`${SAMSA} × 1`);
    await shot(page, 'orders');
    await page.getByRole('button', { name: 'Страница 2' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="orders-page"] tbody tr.ant-table-row').length === 2,
    );
    expect(await page.locator('[data-testid="orders-page"] tbody').textContent()).toContain(`${SAMSA} × 3`);

    const href = await downloadLink(page.getByTestId('orders-download'));
    const url = new URL(href!, baseUrl());
    expect(url.pathname).toBe('/api/orders/download');
    expect(url.searchParams.get('school_id')).toBe(String(schoolId));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain(`Заказы ${SCHOOL}`);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});

describe('an order’s detail on /orders', () => {
  it('opens an order from its number: each dish at its price, the sum, and its receipt again', async () => {
    await page.goto(`${baseUrl()}/orders?schoolId=${schoolId}&dateFrom=${dayOff(-1)}&dateTo=${dayOff(1)}`);
    const first = page.locator('[data-testid="orders-page"] tbody tr.ant-table-row').first();
    await first.waitFor();
    const id = Number(await first.locator('td').first().textContent());
    await page.getByTestId(`open-order-${id}`).click();
    const detail = page.locator('.ant-modal').filter({ hasText: `Заказ №${id}` });
    await detail.waitFor();
    const text = plain(await detail.textContent());
    expect(text).toContain(SCHOOL);
    expect(text).toContain(`${SAMSA}450,50 тг.1450,50 тг.`);
    expect(plain(await detail.getByTestId('order-detail-total').textContent())).toBe('450,50 тг.');
    await shot(page, 'orders-detail');
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await detail.getByRole('button', { name: 'Печать чека' }).click();
    await detail.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(plain(await page.getByTestId('receipt').textContent())).toContain(`Заказ №${id}`);
  });
});

describe('voiding an order on /orders', () => {
  it('asks why, then lists the order as voided and takes it out of the totals', async () => {
    await page.goto(`${baseUrl()}/orders?schoolId=${schoolId}&dateFrom=${dayOff(-1)}&dateTo=${dayOff(1)}`);
    const totals = page.getByTestId('orders-totals');
    await totals.getByText('6 307,00').waitFor();
    const first = page.locator('[data-testid="orders-page"] tbody tr.ant-table-row').first();
    const id = Number(await first.locator('td').first().textContent());
    await page.getByTestId(`void-order-${id}`).click();
    const modal = page.locator('.ant-modal').filter({ hasText: `Отменить заказ №${id}?` });
    await modal.waitFor();
    expect(plain(await modal.textContent())).toContain('Сумма 450,50 тг. уйдёт из итогов и выгрузки');
    // No reason: refused with the field's message, nothing voided.
    await modal.getByRole('button', { name: 'Отменить заказ' }).click();
    await modal.getByText('Укажите причину отмены').waitFor();
    await modal.locator('textarea').fill('Пробили дважды');
    await modal.getByRole('button', { name: 'Отменить заказ' }).click();
    await page.getByText(`Заказ №${id} отменён`).waitFor();
    await totals.getByText('5 856,50').waitFor();
    expect(plain(await totals.textContent())).toBe('Заказов11Сумма5 856,50 тг.Продано блюд13Отменено1');
    const voided = first.getByTestId('order-voided');
    await voided.waitFor();
    expect(await voided.textContent()).toContain('ОтменёнПробили дважды — ');
    expect(await page.getByTestId(`void-order-${id}`).count()).toBe(0);
    await shot(page, 'orders-voided');

    // Its receipt printed again: a copy, saying it was voided and why.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.getByTestId(`reprint-order-${id}`).click();
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor({ state: 'attached' });
    const text = plain(await receipt.textContent());
    expect(text).toContain(`Заказ №${id}`);
    expect(text).toContain('КОПИЯ ЧЕКА');
    expect(text).toContain('ЗАКАЗ ОТМЕНЁН: Пробили дважды');
    expect(text).toContain(`${SAMSA}1 × 450,50 тг.450,50 тг.`);
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await shot(page, 'orders-receipt-copy');
    await page.emulateMedia({ media: 'screen' });
  });
});

describe('sales by dish on /orders', () => {
  it('sums each dish over the period without the voided order, and downloads the same', async () => {
    await page.goto(`${baseUrl()}/orders?schoolId=${schoolId}&dateFrom=${dayOff(-1)}&dateTo=${dayOff(1)}`);
    await page.getByTestId('orders-totals').getByText('5 856,50').waitFor();
    await page.getByTestId('orders-view').getByText('По блюдам').click();
    const totals = page.getByTestId('dish-sales-totals');
    await totals.getByText('5 856,50').waitFor();
    expect(plain(await totals.textContent())).toBe('Продано блюд13Сумма5 856,50 тг.Разных блюд1');
    const rows = page.locator('[data-testid="orders-page"] tbody tr.ant-table-row');
    expect(await rows.count()).toBe(1);
    expect(plain(await rows.first().textContent())).toBe(`${SAMSA}Выпечка ${SUFFIX}13115 856,50 тг.`);
    expect(new URL(page.url()).searchParams.get('view')).toBe('dishes');
    await shot(page, 'orders-by-dish');

    const href = await downloadLink(page.getByTestId('orders-download'));
    const url = new URL(href!, baseUrl());
    expect(url.pathname).toBe('/api/orders/dishes/download');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain(`Продажи по блюдам ${SCHOOL}`);
    // Back to the orders: the list again.
    await page.getByTestId('orders-view').getByText('Заказы').click();
    await page.getByTestId('orders-totals').getByText('5 856,50').waitFor();
  });
});
