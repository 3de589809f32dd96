import type { AdminSummary } from '@tamaq/contract/admin';
import { makeBin } from '@tamaq/contract/kz-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseUrl, DEMO_PASSWORD, fieldError, openBrowser, shot, signInAt } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

let browser: Awaited<ReturnType<typeof openBrowser>>;
let superToken: string;
const stamp = Date.now();

/** Calls the API as a script would (no cookies, so no CSRF header is needed). */
async function call(method: string, url: string, token: string | null, body?: unknown) {
  return fetch(`${baseUrl()}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
}
async function tokenOf(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await call('POST', '/api/auth/login', null, { email, password });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
/** A new company with its admin, made through POST /api/organization: the admin's id and e-mail. */
async function newOrganizationAdmin(n: number, adminName: string) {
  const email = `dash.${stamp}.${n}@demo.kz`;
  const res = await call('POST', '/api/organization', superToken, {
    name: `ТОО «Панель ${stamp}-${n}»`,
    type: 'company',
    status: 'active',
    // Each admin its own range of serials: makeBin moves on to the next valid one, and BINs are unique.
    bin: makeBin('24094', (stamp % 1000) * 1000 + n * 100),
    modules: [],
    admin_name: adminName,
    admin_email: email,
    admin_password: 'first-pass-1',
  });
  if (!res.ok) throw new Error(`organization: ${res.status} ${await res.text()}`);
  const token = await tokenOf(email, 'first-pass-1');
  const profile = (await (await call('GET', '/api/profile', token)).json()) as { id: number };
  return { id: profile.id, email };
}

beforeAll(async () => {
  browser = await openBrowser();
  superToken = await tokenOf('superadmin@demo.kz');
});
afterAll(() => browser?.close());

/**
 * Waits for the backups screen's job to end (done, with `text`) and answers its words. A job that
 * failed, or one still running when the time is up, fails the test with what the server says of it.
 */
async function jobEnded(base: string, text: string | RegExp, timeout: number): Promise<string> {
  const { page } = browser;
  const ended = page.getByTestId('backup-job-done').filter({ hasText: text }).or(page.getByTestId('backup-job-failed'));
  try {
    await ended.first().waitFor({ timeout });
  } catch (err) {
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const res = await fetch(`${base}/api/admin/backups`, { headers: { authorization: `Bearer ${token}` } });
    const list = res.ok ? ((await res.json()) as { job: unknown }) : null;
    throw new Error(`the job did not end in ${timeout} ms: ${JSON.stringify(list?.job ?? res.status)}`, { cause: err });
  }
  const failed = page.getByTestId('backup-job-failed');
  if (await failed.count()) throw new Error(`the job failed: ${await failed.innerText()}`);
  return page.getByTestId('backup-job-done').innerText();
}

const tile = (key: string) => browser.page.getByTestId(`summary-${key}`);
const number = async (key: string) =>
  Number((await tile(key).locator('.ant-statistic-content-value').innerText()).replace(/\s/g, ''));

describe('/admin', () => {
  it('shows the counts of the whole system, and a new organization adds one', async () => {
    const { page } = browser;
    await signInAt(page, 'superadmin@demo.kz', `/admin`);
    await tile('organizations').waitFor();
    const summary = (await (await call('GET', '/api/admin/summary', superToken)).json()) as AdminSummary;
    expect(summary.organizations).toBeGreaterThanOrEqual(3);
    expect(summary.schools).toBeGreaterThanOrEqual(3);
    expect(await number('organizations')).toBe(summary.organizations);
    expect(await number('schools')).toBe(summary.schools);
    expect(await number('pupils')).toBe(summary.pupils);
    expect(await number('cards')).toBe(summary.cards);
    expect(await number('visits_today')).toBe(summary.visits_today);
    await shot(page, 'admin-dashboard');

    await newOrganizationAdmin(1, 'Панель Один');
    await page.reload();
    await tile('organizations').waitFor();
    expect(await number('organizations')).toBe(summary.organizations + 1);
  });

  it('leads from a count to its list', async () => {
    const { page } = browser;
    await tile('pupils').click();
    await page.waitForURL((u) => u.pathname === '/pupils');
    await page.goBack();
    await tile('organizations').click();
    await page.waitForURL((u) => u.pathname === '/organizations');
  });

  it('shows the error with a retry when the summary cannot be loaded', async () => {
    const { page } = browser;
    let fail = true;
    await page.route('**/api/admin/summary', (route) =>
      fail ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );
    await page.goto(`${baseUrl()}/admin`);
    await page.getByText('Не удалось загрузить сводку').waitFor();
    await shot(page, 'admin-dashboard-error');
    fail = false;
    await page.getByRole('button', { name: 'Повторить' }).click();
    await tile('organizations').waitFor();
    await page.unroute('**/api/admin/summary');
  });
});

describe('/user/password/:id', () => {
  it('sets a user’s password: the old one stops working, the new one signs in', async () => {
    const { page } = browser;
    const user = await newOrganizationAdmin(2, 'Сабина Пароль');
    const oldToken = await tokenOf(user.email, 'first-pass-1');
    await page.goto(`${baseUrl()}/user/password/${user.id}`);
    await page
      .locator('.ant-card-head-title')
      .getByText('Смена пароля пользователя Сабина Пароль', { exact: true })
      .waitFor();
    const crumbs = await page.locator('.ant-breadcrumb').innerText();
    expect(crumbs).toContain('Пользователи');
    expect(crumbs).toContain('Смена пароля пользователя Сабина Пароль');

    await page.getByLabel('Новый пароль').fill('short');
    await page.getByRole('button', { name: 'Сменить пароль' }).click();
    expect(await fieldError(page, 'Новый пароль').textContent()).toBe('Пароль должен быть не короче 8 символов');
    await shot(page, 'user-password');

    await page.getByLabel('Новый пароль').fill('set-by-super-1');
    await page.getByRole('button', { name: 'Сменить пароль' }).click();
    await page.waitForURL((u) => u.pathname === '/users');
    await page.getByText('Пароль изменён. Сеансы пользователя завершены.').waitFor();

    expect((await call('GET', '/api/profile', oldToken)).status).toBe(401);
    const old = await call('POST', '/api/auth/login', null, { email: user.email, password: 'first-pass-1' });
    expect(old.status).toBe(401);
    await tokenOf(user.email, 'set-by-super-1');
  });
});

describe('/admin, a proxy the server does not trust', () => {
  it('warns the super admin once requests arrive with X-Forwarded-For while TRUST_PROXY is off', async () => {
    const { page } = browser;
    const res = await fetch(`${baseUrl()}/api/health`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.ok).toBe(true);
    await signInAt(page, 'superadmin@demo.kz', `/admin`);
    const notice = page.getByTestId('notice-forwarded-untrusted');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/TRUST_PROXY/);
    expect(await notice.getAttribute('role')).toBe('alert');
    await shot(page, 'admin-proxy-notice');
  });
});

describe('/admin/outbox', () => {
  it('shows the super admin a mail kept without a mail server, with its code', async () => {
    const { page } = browser;
    const res = await call('POST', '/api/auth/password/recovery', null, { email: 'economist@demo.kz' });
    expect(res.status).toBe(200);
    await signInAt(page, 'superadmin@demo.kz', `/admin`);
    await tile('outbox_waiting').click();
    await page.waitForURL((u) => u.pathname === '/admin/outbox');
    await page.getByTestId('outbox-page').waitFor();
    await page.getByRole('searchbox', { name: 'Поиск по адресу или теме' }).fill('economist@demo.kz');
    const row = page.locator('[data-testid="outbox-page"] tbody tr.ant-table-row').first();
    await row.filter({ hasText: 'economist@demo.kz' }).waitFor();
    expect(await row.locator('[data-sent]').getAttribute('data-sent')).toBe('false');
    await row.click();
    const text = page.getByTestId('outbox-text').first();
    await text.waitFor();
    expect(await text.innerText()).toMatch(/\b\d{6}\b/);
    await shot(page, 'admin-outbox');
  });

  it('lists the notices to parents: the demo parent’s letters, none failed', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/admin`);
    await tile('notifications_failed').waitFor();
    const summary = (await (await call('GET', '/api/admin/summary', superToken)).json()) as AdminSummary;
    expect(await number('notifications_failed')).toBe(summary.notifications_failed);
    await tile('notifications_failed').click();
    await page.waitForURL((u) => u.pathname === '/admin/notifications');
    const table = page.locator('[data-testid="notifications-page"] tbody');
    await page.getByRole('searchbox', { name: 'Поиск по адресу, родителю или ребёнку' }).fill('parent@demo.kz');
    const row = table.locator('tr.ant-table-row').first();
    await row.filter({ hasText: 'parent@demo.kz' }).waitFor();
    expect(await row.textContent()).toContain('Питание');
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('kept');
    await shot(page, 'admin-notifications');
    await page
      .locator('[data-testid="notifications-page"] .ant-segmented')
      .getByText(/^Не доставлено/)
      .click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'failed');
    await page.getByText('Нет данных').or(page.getByText('Уведомлений нет')).first().waitFor();
  });
});

describe('/admin/backups', () => {
  it('makes a backup now with its progress, lists it verified with its counts, downloads it and checks it again', async () => {
    const { page } = browser;
    await signInAt(page, 'superadmin@demo.kz', `/admin`);
    await tile('backups').click();
    await page.waitForURL((u) => u.pathname === '/admin/backups');
    const screen = page.getByTestId('backups-page');
    await screen.waitFor();
    const rows = screen.locator('tbody tr.ant-table-row');
    const before = await rows.count();

    await page.getByRole('button', { name: 'Создать сейчас' }).click();
    const done = await jobEnded(baseUrl(), 'Копия создана', 120_000);
    expect(done).toMatch(/Копия создана и проверена: tamaq-\d{8}T\d{6}Z\.backup/);
    const name = /tamaq-\d{8}T\d{6}Z\.backup/.exec(done)![0];
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="backups-page"] tbody tr.ant-table-row').length > n,
      before,
    );
    const row = rows.filter({ hasText: name });
    await row.getByTestId('backup-verified').waitFor();
    // The demo's main tables are in it: its organizations, people and visits.
    expect(await row.getByTestId('backup-counts').innerText()).toMatch(
      /организаций [1-9]\d*, школ [1-9]\d*, людей [1-9]\d*/,
    );
    await shot(page, 'admin-backups');

    // The download link carries a download token and gives the file whole.
    const href = await row.getByTestId('backup-download').getAttribute('href');
    expect(href).toMatch(new RegExp(`/api/admin/backup/${name}\\?token=`));
    const file = await fetch(`${baseUrl()}${href}`);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(bytes).subarray(0, 15).toString()).toBe('TAMAQ-BACKUP 1\n');

    await row.getByRole('button', { name: 'Проверить' }).click();
    await jobEnded(baseUrl(), 'прочитана целиком', 60_000);
  }, 240_000);
});

describe('/admin/backups, the schedule', () => {
  it('sets the nightly time and count, and refuses a count out of range under its field', async () => {
    const { page } = browser;
    await signInAt(page, 'superadmin@demo.kz', '/admin/backups');
    const form = page.getByTestId('backup-schedule');
    await form.waitFor();
    await form.getByLabel('Хранить копий').fill('0');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Не меньше 1').waitFor();
    await form.getByLabel('Хранить копий').fill('5');
    await form.getByLabel('в', { exact: true }).fill('23:30');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page
      .getByText('Каждую ночь в 23:30 (по времени организации) сервер сам делает копию всей базы и хранит последние 5.')
      .waitFor();
    // Off: the time is gone from the form and the words say so.
    await form.getByRole('switch', { name: 'Ночная копия' }).click();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Ночные копии выключены').waitFor();
    await shot(page, 'admin-backups-schedule');
    await call('PUT', '/api/admin/backup/settings', superToken, { time: '02:00', keep: 14 });
  });
});

describe('/admin/backups, restoring', () => {
  // A server of its own: a restore takes its data back to the backup's moment.
  let own: RunningServer;
  beforeAll(async () => {
    own = await startServer();
  });
  afterAll(() => own?.stop());

  it('refuses a damaged upload with its reason, then restores a backup after the organization’s name is typed', async () => {
    const { page } = browser;
    await signInAt(page, 'superadmin@demo.kz', '/admin/backups', { base: own.url });
    const screen = page.getByTestId('backups-page');
    await screen.waitFor();
    await page.getByRole('button', { name: 'Создать сейчас' }).click();
    const name = /tamaq-\d{8}T\d{6}Z\.backup/.exec(await jobEnded(own.url, 'Копия создана', 120_000))![0];

    // A file cut short, sent from this computer: refused with the reason, nothing added.
    const token = (await page.evaluate(() => localStorage.getItem('access_token')))!;
    const link = await fetch(`${own.url}/api/auth/download-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const download = ((await link.json()) as { token: string }).token;
    const bytes = Buffer.from(
      await (await fetch(`${own.url}/api/admin/backup/${name}?token=${download}`)).arrayBuffer(),
    );
    const cut = path.join(os.tmpdir(), `tamaq-cut-${Date.now()}.backup`);
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 200));
    await screen.getByTestId('file-upload-input').setInputFiles(cut);
    const refused = page.getByTestId('backup-upload-error');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/обрезан/);
    fs.rmSync(cut);

    // A mistaken day's work after the backup, which the restore takes back.
    const org = await fetch(`${own.url}/api/organization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'ТОО «Ошибочная»',
        type: 'company',
        status: 'active',
        bin: makeBin('24095', stamp % 100000),
        modules: [],
        admin_name: 'Ошибочный Админ',
        admin_email: `mistaken.${stamp}@demo.kz`,
        admin_password: 'first-pass-1',
      }),
    });
    expect(org.status, await org.clone().text()).toBe(200);
    const organizations = async () =>
      (await (
        await fetch(`${own.url}/api/organizations?limit=100`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        rows: { name: string }[];
      };
    expect((await organizations()).rows.map((o) => o.name)).toContain('ТОО «Ошибочная»');

    await page.reload();
    const row = screen.locator('tbody tr.ant-table-row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Восстановить' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Организации\s*Сейчас: \d+ → В копии: \d+/);
    const confirmName = /введите название организации: (.+)/.exec(await dialog.innerText())![1]!.trim();
    await shot(page, 'admin-backups-restore');
    await dialog.getByLabel(/введите название организации/).fill('не то');
    await dialog.getByRole('button', { name: 'Восстановить' }).click();
    await dialog.getByText(`Подтверждение не совпало: введите «${confirmName}» точно, как написано`).waitFor();
    await dialog.getByLabel(/введите название организации/).fill(confirmName);
    await dialog.getByLabel(/введите название организации/).press('Enter');
    await jobEnded(own.url, 'Данные восстановлены', 180_000);
    expect((await organizations()).rows.map((o) => o.name)).not.toContain('ТОО «Ошибочная»');
    // The data replaced was kept as a new backup of the list.
    expect(await screen.locator('tbody tr.ant-table-row').count()).toBe(2);
    await shot(page, 'admin-backups-restored');
    // A restore on a loaded machine (a test run beside others) takes a minute or more.
  }, 240_000);
});
