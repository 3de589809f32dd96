import { makeBin } from '@tamaq/contract/kz-id';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, fieldError, openBrowser, shot, signIn, signInAt, signOutHere } from './browser.ts';

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const stamp = Date.now();
const name = `ТОО «Сервис ${stamp}»`;
const renamed = `ТОО «Сервис ${stamp} плюс»`;
const bin = makeBin('2405400', stamp % 100_000);
const adminEmail = `org.head.${stamp}@demo.kz`;
const adminPassword = 'org-head-pass';

const rowOf = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Поиск по названию или БИН' });
  await box.fill(text);
  await page.waitForURL((u) => u.searchParams.get('query') === text);
  // The previous rows stay on screen while the search loads: wait for the found ones.
  await page.waitForFunction((needle) => {
    const rows = [...document.querySelectorAll('.ant-table-row')];
    return rows.length > 0 && rows.every((r) => r.textContent?.toLowerCase().includes(needle));
  }, text.toLowerCase());
}

describe('/organizations', () => {
  it('lists the demo organizations to the super admin and finds one by name', async () => {
    const { page } = browser;
    await signInAt(page, 'superadmin@demo.kz', `/organizations`);
    await rowOf(page, 'ТОО «Асхана Сервис»').waitFor();
    expect(await rowOf(page, 'Отдел образования г. Алматы').count()).toBe(1);
    await shot(page, 'organizations');
    await search(page, 'Балапан');
    expect(await page.locator('.ant-table-row').count()).toBe(1);
    expect(await rowOf(page, 'Ясли-сад').textContent()).toContain('Детский сад');
  });

  it('refuses an empty form and a taken admin e-mail under their fields', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/organization/create`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Название').waitFor();
    expect(await fieldError(page, 'БИН').textContent()).toBe('Обязательное поле');
    expect(await fieldError(page, 'Тип').textContent()).toBe('Выберите тип организации');

    await page.getByLabel('Название', { exact: true }).fill(`Дубль ${stamp}`);
    await choose(page, 'Тип', 'Компания');
    await page.getByLabel('БИН', { exact: true }).fill(makeBin('2405400', (stamp % 100_000) + 300));
    await page.getByLabel('ФИО администратора').fill('Дубль');
    await page.getByLabel('E-mail администратора').fill('admin@demo.kz');
    await page.getByLabel('Пароль администратора').fill(adminPassword);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    // Under load the field's old «Обязательное поле» may still be fading out beside the new message:
    // wait for the message itself rather than reading whichever error element is there.
    await fieldError(page, 'E-mail администратора')
      .getByText('Этот e-mail уже зарегистрирован', { exact: true })
      .waitFor();
    await shot(page, 'organization-create-errors');
  });

  it('creates an organization with its admin and lists it', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/organizations`);
    await page.getByRole('link', { name: 'Добавить организацию' }).click();
    await page.waitForURL((u) => u.pathname === '/organization/create');
    await page.getByLabel('Название', { exact: true }).fill(name);
    await choose(page, 'Тип', 'Компания');
    await page.getByLabel('БИН', { exact: true }).fill(bin);
    await page.getByLabel('Адрес').fill('г. Алматы, пр. Абая, 150');
    await page.getByLabel('Контакты').fill('+7 727 000 00 00');
    await page.getByLabel('Библиотека').check();
    await page.getByLabel('ФИО администратора').fill('Гульнара Тестова');
    await page.getByLabel('E-mail администратора').fill(adminEmail);
    await page.getByLabel('Пароль администратора').fill(adminPassword);
    await shot(page, 'organization-create');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/organizations');
    await page.getByText('Организация создана').waitFor();

    await search(page, bin);
    await rowOf(page, name).waitFor();
    const row = await rowOf(page, name).textContent();
    expect(row).toContain('Компания');
    expect(row).toContain('Активна');
    expect(row).toContain('Библиотека');
  });

  it('edits it with the type locked, then the list shows the new name and status', async () => {
    const { page } = browser;
    await search(page, name);
    await rowOf(page, name)
      .getByRole('link', { name: `Изменить: ${name}` })
      .click();
    await page.waitForURL((u) => /^\/organization\/\d+$/.test(u.pathname));
    const nameField = page.getByLabel('Название', { exact: true });
    await nameField.waitFor();
    expect(await nameField.inputValue()).toBe(name);
    expect(await page.getByLabel('Тип', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('ФИО администратора').count()).toBe(0);
    await shot(page, 'organization-edit');

    await nameField.fill(renamed);
    await choose(page, 'Статус', 'Отключена');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/organizations');
    await page.getByText('Организация сохранена').waitFor();
    await search(page, renamed);
    const row = rowOf(page, renamed);
    await row.waitFor();
    expect(await row.textContent()).toContain('Отключена');
    await shot(page, 'organizations-edited');
  });

  it('opens the organization’s cards from its row', async () => {
    const { page } = browser;
    await rowOf(page, renamed).getByRole('link', { name: 'Карты' }).click();
    await page.waitForURL((u) => /^\/cards\/\d+$/.test(u.pathname));
    await page.getByText(`Карты организации ${renamed}`).first().waitFor();
  });

  it('lets the new admin sign in once the organization is active again', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl()}/organizations`);
    await search(page, renamed);
    await rowOf(page, renamed)
      .getByRole('link', { name: `Изменить: ${renamed}` })
      .click();
    await page.getByLabel('Название', { exact: true }).waitFor();
    await choose(page, 'Статус', 'Активна');
    // Its people work in Kazakh until each chooses otherwise.
    await choose(page, 'Язык по умолчанию', 'Қазақша');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Организация сохранена').waitFor();

    await signOutHere(page);
    await signIn(page, adminEmail, adminPassword);
    await page.waitForURL((u) => u.pathname === '/report/fixations');
    await page.getByTestId('profile-menu-title').getByText('Гульнара Тестова').waitFor();
    await page.getByRole('menuitem', { name: 'Есептер' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk');
  });
});

describe('a new admin invited by e-mail', () => {
  it('gets a link (kept in the outbox without a mail server), sets a password from it and lands signed in', async () => {
    const { page } = browser;
    const invited = `invited.head.${stamp}@demo.kz`;
    const schoolsName = `Отдел образования приглашения ${stamp}`;
    await signOutHere(page);
    await signInAt(page, 'superadmin@demo.kz', '/organization/create');
    await page.getByLabel('Название', { exact: true }).fill(schoolsName);
    await choose(page, 'Тип', 'Образование');
    await page.getByLabel('БИН', { exact: true }).fill(makeBin('2405400', (stamp % 100_000) + 600));
    await page.getByLabel('ФИО администратора').fill('Айдана Приглашённая');
    await page.getByLabel('E-mail администратора').fill(invited);
    // The password left empty: the form says what happens then.
    await page.getByText('Оставьте пустым: администратор получит письмо со ссылкой').waitFor();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((u) => u.pathname === '/organizations');
    await page.getByText('письмо со ссылкой для администратора ждёт на странице «Исходящие письма»').waitFor();
    await shot(page, 'organization-invited');

    // The super admin reads the link in the outbox, as the message says.
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const links = async () => {
      const outbox = (await (
        await fetch(`${baseUrl()}/api/admin/outbox?query=${encodeURIComponent(invited)}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { rows: { text: string }[] };
      return outbox.rows.map((r) => /https?:\/\/\S+\/password\/setup\?\S+/.exec(r.text)![0]);
    };
    const [lost] = await links();

    // The first link was lost: the organization's page says the admin has not set a password and
    // sends a new link, asked first; the outbox holds it and the first one is dead.
    const found = (await (
      await fetch(`${baseUrl()}/api/organizations?query=${encodeURIComponent(schoolsName)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { rows: { id: number }[] };
    await page.goto(`${baseUrl()}/organization/${found.rows[0]!.id}`);
    const admins = page.getByTestId('organization-admins');
    await admins.getByText(`Айдана Приглашённая · ${invited}`).waitFor();
    await admins.getByText(/^Ещё не задал пароль; ссылка действует до \d\d\.\d\d\.\d{4} \d\d:\d\d$/).waitFor();
    await admins.getByRole('button', { name: 'Отправить приглашение ещё раз' }).click();
    await page.getByText('Отправить администратору новую ссылку? Прежняя перестанет действовать').waitFor();
    await shot(page, 'organization-invite-again');
    await page.getByRole('button', { name: 'Отправить', exact: true }).click();
    await page.getByText('письмо со ссылкой для администратора ждёт на странице «Исходящие письма»').waitFor();
    await expect.poll(async () => (await links()).length).toBe(2);
    const link = (await links()).find((l) => l !== lost)!;
    expect(link).toBeDefined();
    await signOutHere(page);
    await page.goto(lost!.replace(/^https?:\/\/[^/]+/, baseUrl()));
    const dead = page.getByTestId('setup-password-form');
    await dead.getByLabel('Новый пароль').fill('lost-pass-1');
    await dead.getByLabel('Повторите пароль').fill('lost-pass-1');
    await page.getByRole('button', { name: 'Задать пароль и войти' }).click();
    await page.getByText('Ссылка недействительна или устарела').waitFor();

    await signOutHere(page);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    const setup = page.getByTestId('setup-password-form');
    await setup.waitFor();
    expect(await setup.locator('input[readonly]').inputValue()).toBe(invited);
    await setup.getByLabel('Новый пароль').fill('my-own-pass-1');
    await setup.getByLabel('Повторите пароль').fill('my-own-pass-2');
    await page.getByRole('button', { name: 'Задать пароль и войти' }).click();
    await fieldError(page, 'Повторите пароль').waitFor();
    await setup.getByLabel('Повторите пароль').fill('my-own-pass-1');
    await shot(page, 'setup-password');
    await page.getByRole('button', { name: 'Задать пароль и войти' }).click();
    // Signed in on the admin's first screen, with the first steps to take.
    await page.waitForURL((u) => u.pathname === '/schools');
    await page.getByTestId('setup-checklist').waitFor();

    // The link works once.
    await signOutHere(page);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await setup.getByLabel('Новый пароль').fill('other-pass-1');
    await setup.getByLabel('Повторите пароль').fill('other-pass-1');
    await page.getByRole('button', { name: 'Задать пароль и войти' }).click();
    await page.getByText('Ссылка недействительна или устарела').waitFor();
    await signIn(page, invited, 'my-own-pass-1');

    // Once the password is set, the organization's page says so and offers no new link.
    await signOutHere(page);
    await signInAt(page, 'superadmin@demo.kz', `/organization/${found.rows[0]!.id}`);
    await admins.getByText('Пароль задан').waitFor();
    expect(await admins.getByRole('button', { name: 'Отправить приглашение ещё раз' }).count()).toBe(0);
  });
});
