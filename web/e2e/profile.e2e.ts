import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldError, openBrowser, shot, signIn, signInAt, signOutHere, storedToken, submitLogin } from './browser.ts';
import { createAccount, mailedServer, type Account, type MailedServer } from './mail.ts';

let server: MailedServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let tmp: string;
beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-e2e-files-'));
  server = mailedServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A new account of its own for each test (names and passwords change here), signed in on `path`. */
async function signedInOn(pathname: string): Promise<Account> {
  const { page } = browser;
  const account = await createAccount(server);
  await signOutHere(page, server.url);
  await signInAt(page, account.email, pathname, { password: account.password, base: server.url });
  return account;
}

describe('/profile', () => {
  it('shows the new name in the header after «Сохранить»', async () => {
    const { page } = browser;
    const account = await signedInOn('/profile');
    const nameField = page.getByLabel('ФИО');
    await nameField.waitFor();
    expect(await nameField.inputValue()).toBe(account.name);
    expect(await page.getByTestId('profile-page').textContent()).toContain(account.email);
    await shot(page, 'profile');

    await nameField.fill('Айгуль Нурланова');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Профиль сохранён').waitFor();
    await page.getByTestId('profile-menu-title').getByText('Айгуль Нурланова').waitFor();
    await page.reload();
    await page.getByTestId('profile-menu-title').getByText('Айгуль Нурланова').waitFor();
    expect(await page.getByLabel('ФИО').inputValue()).toBe('Айгуль Нурланова');
    await shot(page, 'profile-renamed');
  });

  it('shows an uploaded photo from /api/images/, in the form and, once saved, in the header', async () => {
    const { page } = browser;
    await signedInOn('/profile');
    const file = path.join(tmp, 'photo.png');
    await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 46, g: 160, b: 90 } } })
      .png()
      .toFile(file);
    const form = page.getByTestId('profile-form');
    await form.waitFor();
    expect(await form.locator('img').count()).toBe(0);

    await page.getByTestId('image-upload-input').setInputFiles(file);
    const photo = form.locator('img[src^="/api/images/"]');
    await photo.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="profile-form"] img');
      return img?.complete && img.naturalWidth > 0;
    });

    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Профиль сохранён').waitFor();
    const avatar = page.locator('[data-testid="profile-menu-title"] img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toBe(await photo.getAttribute('src'));
    await shot(page, 'profile-photo');
  });

  it('scales a phone photo over 5 MB down in the browser and sends it, upright', async () => {
    const { page } = browser;
    await signedInOn('/profile');
    // A 12-megapixel camera photo of noise (a JPEG at full quality does not compress it), taken with
    // the phone held upright: stored 4000 × 3000 with EXIF orientation 6 (turn 90° to show).
    const side = { width: 4000, height: 3000 };
    const noise = Buffer.alloc(side.width * side.height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const file = path.join(tmp, 'IMG_2041.jpg');
    await sharp(noise, { raw: { ...side, channels: 3 } })
      .jpeg({ quality: 100 })
      .withMetadata({ orientation: 6 })
      .toFile(file);
    expect(fs.statSync(file).size).toBeGreaterThan(5 * 1024 * 1024);

    const sent: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/image/upload')) sent.push(r.postDataBuffer()?.length ?? 0);
    });
    const form = page.getByTestId('profile-form');
    await form.waitFor();
    await page.getByTestId('image-upload-input').setInputFiles(file);
    const photo = form.locator('img[src^="/api/images/"]');
    await photo.waitFor({ timeout: 30_000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!).toBeLessThan(5 * 1024 * 1024);
    // What the server kept: taller than wide, as the phone was held.
    const kept = await page.evaluate(async () => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="profile-form"] img')!;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(kept.height).toBeGreaterThan(kept.width);
  });
});

describe('/password', () => {
  const fill = async (current: string, next: string) => {
    const { page } = browser;
    await page.getByLabel('Текущий пароль').fill(current);
    await page.getByLabel('Новый пароль').fill(next);
    await page.getByLabel('Повторите пароль').fill(next);
    await page.getByRole('button', { name: 'Сменить пароль' }).click();
  };

  it('shows «Неверный текущий пароль» under the current password', async () => {
    const { page } = browser;
    await signedInOn('/password');
    await fill('not-my-password', 'changed-pass-1');
    const error = fieldError(page, 'Текущий пароль');
    await error.waitFor();
    expect(await error.textContent()).toBe('Неверный текущий пароль');
    await shot(page, 'password-wrong-current');
  });

  it('keeps the user signed in after a change, and the old password no longer signs in', async () => {
    const { page } = browser;
    const account = await signedInOn('/password');
    const next = 'changed-pass-1';
    await fill(account.password, next);
    await page.getByText('Пароль изменён. На других устройствах нужно будет войти заново.').waitFor();
    expect(await page.getByLabel('Текущий пароль').inputValue()).toBe('');
    await shot(page, 'password-changed');

    await page.reload();
    await page.getByTestId('password-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/password');
    expect(await storedToken(page)).not.toBeNull();

    await signOutHere(page, server.url);
    await submitLogin(page, account.email, account.password, server.url);
    await page.getByTestId('form-alert').getByText('Неверный логин или пароль').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await signIn(page, account.email, next, server.url);
    await page.waitForURL((u) => u.pathname === '/report/fixations');
  });
});
