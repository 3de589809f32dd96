import { eq } from 'drizzle-orm';
import {
  NOTIFICATIONS_MESSAGES as M,
  MAX_TELEGRAM_CHATS,
  DeliveryList,
  TelegramChats,
  TelegramLink,
} from '@tamaq/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createUser, signedIn, tokenFor } from '../../../test/factories.ts';
import { danaWithParents } from '../../../test/factories-people.ts';
import { startTestTelegram } from '../../../../tools/test-telegram.ts';
import { notificationDeliveries, telegramChats } from '../../platform/db/schema-notifications.ts';
import { createNotificationsService } from './notifications.service.ts';

/** docs/rules.md "Notifications": notices in Telegram, through the operator's bot. */
let t: TestContext;
let bot: Awaited<ReturnType<typeof startTestTelegram>>;
let cashier: string;
let staff: string;
let schoolId: number;
let mother: { id: number; token: string };
let father: { id: number; token: string };
let dana: { id: number; card: string };

// 12:30 in Almaty (UTC+5).
const NOON = new Date('2026-11-20T07:30:00Z');
const DAY = 86_400_000;
const MOTHER_CHAT = 5550001;
const FATHER_CHAT = 5550002;

const chats = (token: string) => t.call({ method: 'GET', url: '/api/parent/telegram', token });
const link = (token: string) => t.call({ method: 'POST', url: '/api/parent/telegram/link', token });
const remove = (token: string, id: number) =>
  t.call({ method: 'DELETE', url: `/api/parent/telegram/chat/${id}`, token });
const choose = (token: string, payload: object) =>
  t.call({ method: 'PUT', url: `/api/parent/child/${dana.id}/notifications`, token, payload });
const scan = () =>
  t.call({ method: 'POST', url: '/api/school/fixation', token: cashier, payload: { cardId: dana.card, schoolId } });
const look = () => createNotificationsService(t.platform).runOnce();
const codeOf = (url: string) => /\?start=([A-Za-z0-9_-]+)$/.exec(url)![1]!;
const to = (chat: number) => bot.sent.filter((m) => m.chat_id === chat).map((m) => m.text);
const MEAL_BY_TELEGRAM = { choices: [{ event: 'meal', channel: 'telegram' }] };

beforeAll(async () => {
  bot = await startTestTelegram();
  t = await createTestContext({ telegramToken: bot.token, telegramApiUrl: bot.url });
  t.clock.now = new Date(NOON);
  const family = await danaWithParents(t.platform, [null, 'kk']);
  ({ schoolId, dana, cashier, staff } = family);
  [mother, father] = family.parents as [typeof mother, typeof father];
});
afterAll(async () => {
  await t.close();
  await bot.close();
});

describe('a parent ties a Telegram chat to their notices', () => {
  it('reads the bot’s name and no chat yet; Telegram is not a channel without one', async () => {
    const res = await chats(mother.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(TelegramChats.parse(res.json())).toEqual({ available: true, bot: 'tamaq_test_bot', chats: [] });
    const refused = await choose(mother.token, MEAL_BY_TELEGRAM);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationErrors['choices.0.channel']).toEqual([M.noTelegram]);
  });

  it('gives a link to the bot; «Старт» in the chat ties it, and the bot says so in the parent’s language', async () => {
    const res = await link(mother.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = TelegramLink.parse(res.json());
    expect(body.url).toMatch(/^https:\/\/t\.me\/tamaq_test_bot\?start=[A-Za-z0-9_-]{24}$/);
    expect(body.expires_at).toBe(new Date(NOON.getTime() + 15 * 60_000).toISOString());
    // Only its hash is kept.
    const rows = await t.db.select().from(telegramChats).where(eq(telegramChats.parentId, mother.id));
    expect(JSON.stringify(rows)).not.toContain(codeOf(body.url));

    bot.write(MOTHER_CHAT, `/start ${codeOf(body.url)}`, {
      first_name: 'Айгуль',
      last_name: 'Сапарова',
      language_code: 'ru',
    });
    expect(await look()).toMatchObject({ telegram: 1, telegramError: null });
    expect(to(MOTHER_CHAT)).toEqual([expect.stringMatching(/^Готово! Сюда будут приходить уведомления о детях/)]);
    const mine = TelegramChats.parse((await chats(mother.token)).json()).chats;
    expect(mine.map((c) => c.name)).toEqual(['Айгуль Сапарова']);
    // Read once: the next look asks from past that message and answers nothing more.
    await look();
    expect(to(MOTHER_CHAT)).toHaveLength(1);
    expect(bot.offsets.at(-1)).toBe(2);

    // The father's Telegram is in Russian, his profile in Kazakh: the bot answers him in Kazakh.
    const his = TelegramLink.parse((await link(father.token)).json());
    bot.write(FATHER_CHAT, `/start ${codeOf(his.url)}`, { first_name: 'Ерлан', language_code: 'ru' });
    await look();
    expect(to(FATHER_CHAT)).toEqual([expect.stringMatching(/^Дайын! Tamaq-та таңдаған/)]);
  });

  it('answers a code unknown, used or expired with the way to a new link, tying nothing', async () => {
    const used = TelegramLink.parse((await link(mother.token)).json());
    bot.write(7770001, `/start ${codeOf(used.url)}`, { first_name: 'Чужой' });
    bot.write(7770002, `/start ${codeOf(used.url)}`, { first_name: 'Второй', language_code: 'kk' });
    bot.write(7770003, '/start not-a-code-of-ours-at-all', { first_name: 'Третий' });
    await look();
    expect(to(7770001)).toEqual([expect.stringMatching(/^Готово!/)]);
    expect(to(7770002)).toEqual([expect.stringMatching(/^Сілтеме ескірген немесе қате/)]);
    expect(to(7770003)).toEqual([expect.stringMatching(/^Ссылка устарела или неверна/)]);
    const late = TelegramLink.parse((await link(mother.token)).json());
    t.clock.advance(16 * 60_000);
    bot.write(7770004, `/start ${codeOf(late.url)}`, { first_name: 'Поздний' });
    bot.write(7770005, 'привет', { first_name: 'Просто' });
    await look();
    expect(to(7770004)).toEqual([expect.stringMatching(/^Ссылка устарела или неверна/)]);
    expect(to(7770005)).toEqual([expect.stringMatching(/^Это бот уведомлений Tamaq/)]);
    // The mother's chats: her own and the one that used her first code.
    const mine = TelegramChats.parse((await chats(mother.token)).json()).chats;
    expect(mine.map((c) => c.name)).toEqual(['Айгуль Сапарова', 'Чужой']);
    t.clock.now = new Date(NOON);
  });

  it('answers 404 for another parent’s chat, 403 to the school’s people, and keeps at most five chats', async () => {
    const [, extra] = TelegramChats.parse((await chats(mother.token)).json()).chats;
    const res = await remove(father.token, extra!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessage).toBe(M.telegramNotFound);
    expect((await chats(staff)).statusCode).toBe(403);
    expect((await link(cashier)).statusCode).toBe(403);
    const gone = await remove(mother.token, extra!.id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(TelegramChats.parse(gone.json()).chats.map((c) => c.name)).toEqual(['Айгуль Сапарова']);

    const parent = await createUser(t.db, { role: 'Parent', organizationId: null });
    const token = await tokenFor(t.platform, parent);
    for (let i = 0; i < MAX_TELEGRAM_CHATS; i++) {
      bot.write(8880000 + i, `/start ${codeOf(TelegramLink.parse((await link(token)).json()).url)}`, {
        first_name: 'N',
      });
    }
    await look();
    const full = await link(token);
    expect(full.statusCode).toBe(409);
    expect(full.json().errorMessage).toBe(M.telegramChats(MAX_TELEGRAM_CHATS));
  });

  it('reads each message once however many instances look at once', async () => {
    bot.write(9990001, '/help', { first_name: 'Один' });
    await Promise.all([look(), look(), look()]);
    expect(to(9990001)).toHaveLength(1);
  });
});

describe('a meal recorded reaches the chat', () => {
  it('sends it in the parent’s language, one message a chat', async () => {
    expect((await choose(mother.token, MEAL_BY_TELEGRAM)).statusCode).toBe(200);
    expect((await choose(father.token, MEAL_BY_TELEGRAM)).statusCode).toBe(200);
    expect((await scan()).statusCode).toBe(200);
    expect(await look()).toMatchObject({ events: 1, sent: 2, failed: 0 });
    expect(to(MOTHER_CHAT).at(-1)).toBe(
      'Сапарова Дана поел(а) в 12:30\nСапарова Дана: Соцкошелёк — 20.11.2026 в 12:30, Школа №5.',
    );
    expect(to(FATHER_CHAT).at(-1)).toMatch(/^Сапарова Дана 12:30 тамақтанды\n.*№5 мектеп\.$/);
    const admin = (await signedIn(t.platform, { role: 'SuperAdmin', organizationId: null })).token;
    const list = DeliveryList.parse(
      (await t.call({ method: 'GET', url: '/api/admin/notifications', token: admin })).json(),
    );
    expect(list.rows.map((r) => r.target).sort()).toEqual(['Telegram: Айгуль Сапарова', 'Telegram: Ерлан']);
  });

  it('waits as long as Telegram asks when it says too many, then sends', async () => {
    bot.refuse(MOTHER_CHAT, { code: 429, description: 'Too Many Requests: retry after 7', retry_after: 7 });
    t.clock.advance(DAY);
    expect((await scan()).statusCode).toBe(200);
    await look();
    const [waiting] = (
      await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.parentId, mother.id))
    ).filter((d) => d.status === 'pending');
    expect(waiting!.nextAt).toEqual(new Date(t.clock.now.getTime() + 7_000));
    bot.refuse(MOTHER_CHAT, null);
    t.clock.advance(7_000);
    // A second apart: the father's chat got its message a moment ago, the mother's waits its turn.
    expect(await look()).toMatchObject({ sent: 1 });
    expect(to(MOTHER_CHAT).at(-1)).toMatch(/^Сапарова Дана поел\(а\) в 12:30/);
  });

  it('forgets a chat whose person blocked the bot, and one that wrote /stop', async () => {
    bot.refuse(FATHER_CHAT, { code: 403, description: 'Forbidden: bot was blocked by the user' });
    t.clock.advance(DAY);
    expect((await scan()).statusCode).toBe(200);
    await look();
    const his = await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.parentId, father.id));
    expect(his.filter((d) => d.status === 'gone')).toHaveLength(1);
    expect(TelegramChats.parse((await chats(father.token)).json()).chats).toEqual([]);
    const now = (
      await t.call({ method: 'GET', url: `/api/parent/child/${dana.id}/notifications`, token: father.token })
    ).json();
    expect(now.channels).toEqual([]);

    bot.write(MOTHER_CHAT, '/stop', { first_name: 'Айгуль', language_code: 'ru' });
    await look();
    expect(to(MOTHER_CHAT).at(-1)).toMatch(/^Уведомления в этот чат отключены/);
    expect(TelegramChats.parse((await chats(mother.token)).json()).chats).toEqual([]);
    t.clock.advance(DAY);
    expect((await scan()).statusCode).toBe(200);
    expect(await look()).toMatchObject({ sent: 0, failed: 0 });
  });
});
