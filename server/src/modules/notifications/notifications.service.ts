import {
  NOTIFICATIONS_MESSAGES as M,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENTS_SENT,
  type ChildNotifications,
  type DeliveriesQuery,
  type Delivery,
  type DeliveryList,
  type DeliveryStatus,
  type NotificationEvent,
  type NotificationChannel,
  type NotificationChoicesBody,
  type NotificationSettings,
  type NotificationSettingsBody,
  MAX_PUSH_DEVICES,
  MAX_TELEGRAM_CHATS,
  TELEGRAM_LINK_MINUTES,
  type TelegramChats,
  type TelegramLink,
  type PushDevice,
  type PushDeviceBody,
  type PushDevices,
} from '@tamaq/contract/notifications';
import { createHash, randomBytes } from 'node:crypto';
import { translate, withKazakh, type Language } from '@tamaq/contract/languages';
import type { Actor } from '../../platform/auth/actors.ts';
import { audit } from '../../platform/audit.ts';
import { conflict, notFound, serviceUnavailable, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { lookPeriodically } from '../../platform/periodic.ts';
import type { Mailer } from '../../platform/mail.ts';
import { TelegramError, type TelegramMessage } from '../../platform/telegram.ts';
import { localDate, localTime } from '../../platform/time.ts';
import { createFamilyService } from '../family/family.service.ts';
import { createNotificationsRepository, type DeliveryRow, type DeliveryToSend } from './notifications.repository.ts';

/** Tries of one delivery before it is `failed`, and the wait before each next try. */
export const DELIVERY_TRIES = 6;
export const retryDelayMs = (attempts: number) => 30_000 * 4 ** (attempts - 1);
/** How long a claimed delivery is left to the instance that claimed it before another may try. */
const LEASE_MS = 2 * 60_000;
/** How often an instance looks for notices to send. */
export const NOTIFY_EVERY_MS = 2_000;
const BATCH = 100;
/** Letters and pushes sent at once by one instance. */
const SENDING_AT_ONCE = 8;
/** How long a push service keeps a notice for a device that is off: a day, then it is old news. */
const PUSH_TTL_S = 86_400;
/** Where a push notice opens the app: the parent's start page. */
const PARENT_HOME = '/download';
/** Telegram's limits: about 30 messages a second in all, one a second to a chat; we keep under them. */
const TELEGRAM_GAP_MS = 40;
const TELEGRAM_CHAT_GAP_MS = 1_000;
/** How long one instance holds the reading of the bot's messages. */
const TELEGRAM_LEASE_MS = 30_000;

/** What the bot answers, in the parent's language (else the language of the person's Telegram). */
const BOT = withKazakh(
  {
    linked:
      'Готово! Сюда будут приходить уведомления о детях, которые вы выберете в Tamaq. Чтобы отключить, отправьте /stop.',
    badCode: 'Ссылка устарела или неверна. Откройте Tamaq, нажмите «Подключить Telegram» и перейдите по новой ссылке.',
    stopped: 'Уведомления в этот чат отключены. Подключить снова можно в Tamaq.',
    help: 'Это бот уведомлений Tamaq о питании и библиотеке ваших детей. Подключите его в Tamaq: «Подключить Telegram» на странице «Мои дети». Отключить: /stop.',
  } as const,
  {
    linked: 'Дайын! Tamaq-та таңдаған балалар туралы хабарламалар осында келеді. Өшіру үшін /stop жіберіңіз.',
    badCode: 'Сілтеме ескірген немесе қате. Tamaq-ты ашып, «Telegram қосу» түймесін басып, жаңа сілтемеге өтіңіз.',
    stopped: 'Бұл чатқа хабарламалар өшірілді. Қайта қосуды Tamaq-та жасауға болады.',
    help: 'Бұл — балаларыңыздың тамақтануы мен кітапханасы туралы Tamaq хабарлама боты. Оны Tamaq-та қосыңыз: «Менің балаларым» бетіндегі «Telegram қосу». Өшіру: /stop.',
  },
);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const WORDS = withKazakh(
  {
    greeting: 'Здравствуйте!',
    mealSubject: (pupil: string, time: string) => `${pupil} поел(а) в ${time}`,
    meal: (pupil: string, meal: string, date: string, time: string, place: string) =>
      `${pupil}: ${meal} — ${date} в ${time}, ${place}.`,
    mealDefault: 'питание',
    refusedSubject: (pupil: string, time: string) => `${pupil}: в питании отказано в ${time}`,
    refused: (pupil: string, date: string, time: string, place: string) =>
      `${pupil}: ${date} в ${time}, ${place} — в питании отказано.`,
    reason: 'Причина:',
    absentSubject: (pupil: string, date: string) => `${pupil} отмечен(а) отсутствующим(ей) ${date}`,
    absent: (pupil: string, date: string, place: string) =>
      `${pupil}: ${date} отмечен(а) отсутствующим(ей), ${place}. Если это ошибка, сообщите классному руководителю.`,
    issuedSubject: (pupil: string) => `Библиотека: ${pupil} взял(а) книги`,
    issued: (pupil: string, date: string, place: string) => `${pupil} ${date} взял(а) в библиотеке (${place}):`,
    due: (book: string, due: string) => `— ${book}, вернуть до ${due}`,
    dueSubject: (pupil: string, due: string) => `Библиотека: ${pupil} — вернуть книгу до ${due}`,
    dueLead: (pupil: string, due: string, place: string) =>
      `${pupil}: через два дня, до ${due}, нужно вернуть в библиотеку (${place}):`,
    overdueSubject: (pupil: string) => `Библиотека: ${pupil} не вернул(а) книги вовремя`,
    overdueLead: (pupil: string, place: string) =>
      `${pupil} не вернул(а) в библиотеку (${place}) книги, срок которых прошёл:`,
    returnedSubject: (pupil: string) => `Библиотека: ${pupil} вернул(а) книги`,
    returned: (pupil: string, date: string, place: string) => `${pupil} ${date} вернул(а) в библиотеку (${place}):`,
    why: 'Вы получили это письмо, потому что выбрали такие уведомления о ребёнке в Tamaq. Отключить их можно там же.',
    digestSubject: (n: number) => `Tamaq: события о детях за день (${n})`,
    digestLead: 'Что было за день:',
  } as const,
  {
    greeting: 'Сәлеметсіз бе!',
    mealSubject: (pupil: string, time: string) => `${pupil} ${time} тамақтанды`,
    meal: (pupil: string, meal: string, date: string, time: string, place: string) =>
      `${pupil}: ${meal} — ${date}, ${time}, ${place}.`,
    mealDefault: 'тамақтану',
    refusedSubject: (pupil: string, time: string) => `${pupil}: ${time} тамақтану берілмеді`,
    refused: (pupil: string, date: string, time: string, place: string) =>
      `${pupil}: ${date}, ${time}, ${place} — тамақтану берілмеді.`,
    reason: 'Себебі:',
    absentSubject: (pupil: string, date: string) => `${pupil} ${date} жоқ деп белгіленді`,
    absent: (pupil: string, date: string, place: string) =>
      `${pupil}: ${date} жоқ деп белгіленді, ${place}. Егер бұл қате болса, сынып жетекшісіне хабарлаңыз.`,
    issuedSubject: (pupil: string) => `Кітапхана: ${pupil} кітап алды`,
    issued: (pupil: string, date: string, place: string) => `${pupil} ${date} кітапханадан (${place}) алды:`,
    due: (book: string, due: string) => `— ${book}, ${due} дейін қайтару керек`,
    dueSubject: (pupil: string, due: string) => `Кітапхана: ${pupil} — кітапты ${due} дейін қайтару керек`,
    dueLead: (pupil: string, due: string, place: string) =>
      `${pupil}: екі күннен кейін, ${due} дейін, кітапханаға (${place}) қайтару керек:`,
    overdueSubject: (pupil: string) => `Кітапхана: ${pupil} кітаптарды уақытында қайтармады`,
    overdueLead: (pupil: string, place: string) =>
      `${pupil} кітапханаға (${place}) мерзімі өткен кітаптарды қайтармады:`,
    returnedSubject: (pupil: string) => `Кітапхана: ${pupil} кітаптарды қайтарды`,
    returned: (pupil: string, date: string, place: string) => `${pupil} ${date} кітапханаға (${place}) қайтарды:`,
    why: 'Бұл хатты Tamaq-та бала туралы осындай хабарламаларды таңдағандықтан алдыңыз. Оларды сол жерде өшіруге болады.',
    digestSubject: (n: number) => `Tamaq: балалар туралы күн ішіндегі оқиғалар (${n})`,
    digestLead: 'Күн ішінде не болды:',
  },
);

const russianDate = (date: string) => date.split('-').reverse().join('.');

interface NoticeData {
  reason?: string;
  date?: string;
  books?: { name: string; authors: string | null; due: string | null }[];
}

/** The e-mail of a delivery, in the parent's language: what happened, and why the letter came. */
export function deliveryMail(d: DeliveryToSend): { subject: string; text: string; lines: string[] } {
  const language: Language = d.language === 'kk' ? 'kk' : 'ru';
  const say = (text: string) => translate(text, language);
  const time = localTime(new Date(d.at), d.timeZone).slice(0, 5);
  const today = russianDate(localDate(new Date(d.at), d.timeZone));
  const school = language === 'kk' && d.schoolNameKk ? d.schoolNameKk : d.schoolName;
  const food = language === 'kk' && d.foodCategoryNameKk ? d.foodCategoryNameKk : d.foodCategoryName;
  const place = school ?? d.canteenName ?? '';
  const data = (d.data ?? {}) as NoticeData;
  const book = (b: { name: string; authors: string | null }) => (b.authors ? `${b.name} (${b.authors})` : b.name);
  let subject: string;
  let lines: string[];
  switch (d.event) {
    case 'refused':
      subject = WORDS.refusedSubject(d.pupilName, time);
      lines = [say(WORDS.refused(d.pupilName, today, time, place)), `${say(WORDS.reason)} ${say(data.reason ?? '')}`];
      break;
    case 'absent': {
      const date = data.date ? russianDate(data.date) : today;
      subject = WORDS.absentSubject(d.pupilName, date);
      lines = [say(WORDS.absent(d.pupilName, date, place))];
      break;
    }
    case 'book_issued':
      subject = WORDS.issuedSubject(d.pupilName);
      lines = [
        say(WORDS.issued(d.pupilName, today, place)),
        ...(data.books ?? []).map((b) => say(WORDS.due(book(b), b.due ? russianDate(b.due) : '—'))),
      ];
      break;
    case 'book_due': {
      const due = russianDate(data.books?.[0]?.due ?? '');
      subject = WORDS.dueSubject(d.pupilName, due);
      lines = [say(WORDS.dueLead(d.pupilName, due, place)), ...(data.books ?? []).map((b) => `— ${book(b)}`)];
      break;
    }
    case 'book_overdue':
      subject = WORDS.overdueSubject(d.pupilName);
      lines = [
        say(WORDS.overdueLead(d.pupilName, place)),
        ...(data.books ?? []).map((b) => say(WORDS.due(book(b), b.due ? russianDate(b.due) : '—'))),
      ];
      break;
    case 'book_returned':
      subject = WORDS.returnedSubject(d.pupilName);
      lines = [say(WORDS.returned(d.pupilName, today, place)), ...(data.books ?? []).map((b) => `— ${book(b)}`)];
      break;
    default:
      subject = WORDS.mealSubject(d.pupilName, time);
      lines = [say(WORDS.meal(d.pupilName, d.mealName ?? food ?? say(WORDS.mealDefault), today, time, place))];
  }
  return {
    subject: say(subject),
    text: [say(WORDS.greeting), '', ...lines, '', say(WORDS.why), '', 'Tamaq'].join('\n'),
    lines,
  };
}

/** The day's digest: each event's lines under one greeting, in the order they happened. */
export function digestMail(all: DeliveryToSend[]): { subject: string; text: string } {
  const language: Language = all[0]!.language === 'kk' ? 'kk' : 'ru';
  const say = (text: string) => translate(text, language);
  return {
    subject: say(WORDS.digestSubject(all.length)),
    text: [
      say(WORDS.greeting),
      '',
      say(WORDS.digestLead),
      ...all.flatMap((d) => ['', ...deliveryMail(d).lines]),
      '',
      say(WORDS.why),
      '',
      'Tamaq',
    ].join('\n'),
  };
}

const toDevice = (d: { id: number; label: string; endpoint: string; createdAt: Date }): PushDevice => ({
  id: d.id,
  label: d.label,
  endpoint: d.endpoint,
  created_at: new Date(d.createdAt).toISOString(),
});

const toDelivery = (r: DeliveryRow): Delivery => ({
  id: Number(r.id),
  created_at: new Date(r.createdAt).toISOString(),
  event: r.event as NotificationEvent,
  channel: r.channel as NotificationChannel,
  target: r.target,
  parent: { id: r.parentId, name: r.parentName },
  pupil: { id: r.pupilId, name: r.pupilName },
  status: r.status as DeliveryStatus,
  attempts: r.attempts,
  error: r.error,
  next_at: r.status === 'pending' ? new Date(r.nextAt).toISOString() : null,
  sent_at: r.sentAt ? new Date(r.sentAt).toISOString() : null,
});

/**
 * Notifications to parents (docs/rules.md "Notifications"): a parent's choices per child, and the
 * worker that turns events into deliveries and sends them, with retries.
 */
export function createNotificationsService(platform: Pick<Platform, 'db' | 'now' | 'mailer' | 'push' | 'telegram'>) {
  const repo = createNotificationsRepository(platform.db);
  const family = createFamilyService(platform);

  const childOf = async (actor: Actor, childId: number) => {
    const child = await family.childOf(actor.userId, childId);
    if (!child) throw notFound(M.childNotFound);
    return child;
  };
  /** The channels that reach the parent now: e-mail with an address, push with a device. */
  const channelsOf = async (actor: Actor, email: string | null): Promise<NotificationChannel[]> => [
    ...(email ? (['email'] as const) : []),
    ...((await repo.devices(actor.userId)).length > 0 ? (['push'] as const) : []),
    ...(platform.telegram && (await repo.telegramChats(actor.userId)).length > 0 ? (['telegram'] as const) : []),
  ];
  const chatsOf = async (actor: Actor): Promise<TelegramChats> => ({
    available: !!platform.telegram,
    bot: platform.telegram ? await platform.telegram.username().catch(() => null) : null,
    chats: (await repo.telegramChats(actor.userId)).map((c) => ({
      id: c.id,
      name: c.name ?? '',
      created_at: new Date(c.createdAt).toISOString(),
    })),
  });

  /** The bot's answer to what a person wrote: a chat tied by its link's code, untied by /stop, else help. */
  async function answerMessage(m: TelegramMessage) {
    const telegram = platform.telegram!;
    const text = m.text.trim();
    const start = /^\/start(?:@\w+)?(?:\s+(\S+))?$/.exec(text);
    const their: Language = m.language === 'kk' ? 'kk' : 'ru';
    let reply: string;
    let language = their;
    if (start?.[1]) {
      const parent = /^[A-Za-z0-9_-]{16,64}$/.test(start[1])
        ? await repo.useTelegramCode(sha256(start[1]), m.chatId, m.name.slice(0, 200), platform.now())
        : null;
      if (parent?.language === 'kk' || parent?.language === 'ru') language = parent.language;
      reply = parent ? BOT.linked : BOT.badCode;
    } else if (/^\/stop(?:@\w+)?$/.test(text)) {
      await repo.removeTelegramChatId(m.chatId);
      reply = BOT.stopped;
    } else {
      reply = BOT.help;
    }
    await telegram.send(m.chatId, translate(reply, language)).catch(() => {});
  }

  /** What people wrote to the bot since the last look, answered; one instance at a time reads. */
  async function readTelegram(): Promise<number> {
    if (!platform.telegram) return 0;
    const from = await repo.leaseTelegram(platform.now(), TELEGRAM_LEASE_MS);
    if (from === null) return 0;
    let next = from;
    try {
      const { messages, next: after } = await platform.telegram.updates(from);
      for (const m of messages) await answerMessage(m);
      next = after;
      return messages.length;
    } finally {
      await repo.releaseTelegram(next);
    }
  }

  // This instance's pace of Telegram messages: a gap after each, and a second between two to a chat.
  let telegramFree = 0;
  const chatLast = new Map<number, number>();
  async function telegramTurn(chatId: number) {
    for (;;) {
      const now = Date.now();
      const at = Math.max(telegramFree, (chatLast.get(chatId) ?? 0) + TELEGRAM_CHAT_GAP_MS);
      if (at <= now) {
        telegramFree = now + TELEGRAM_GAP_MS;
        chatLast.set(chatId, now);
        if (chatLast.size > 10_000) chatLast.clear();
        return;
      }
      await wait(at - now);
    }
  }

  /**
   * The notices of one chat in this batch as one message (one message a second is all a chat may
   * get): sent, or gone (the person blocked the bot: the chat is removed), or the failure counted —
   * after the wait Telegram asks for when it says too many.
   */
  async function telegramSend(group: DeliveryToSend[], done: { sent: number[]; gone: number[] }) {
    const outcome = { sent: 0, kept: 0, failed: 0, retry: 0 };
    const chatId = group[0]!.chatId;
    if (chatId === null || !platform.telegram) {
      done.gone.push(...group.map((d) => d.id));
      return outcome;
    }
    const text = group
      .map((d) => {
        const { subject, lines } = deliveryMail(d);
        return [subject, ...lines].join('\n');
      })
      .join('\n\n');
    try {
      await telegramTurn(chatId);
      await platform.telegram.send(chatId, text);
      done.sent.push(...group.map((d) => d.id));
      outcome.sent += group.length;
    } catch (err) {
      if (err instanceof TelegramError && err.gone) {
        await repo.finishGone(
          group.map((d) => d.id),
          platform.now(),
        );
        await repo.removeTelegramChatId(chatId);
      } else if (err instanceof TelegramError && err.retryAfter !== null) {
        const at = new Date(platform.now().getTime() + err.retryAfter * 1000);
        for (const d of group) await repo.retryAt(d.id, at, err.message);
        outcome.retry += group.length;
      } else {
        for (const d of group) await failed(d, (err as Error).message, outcome);
      }
    }
    return outcome;
  }
  const answer = async (actor: Actor, childId: number, email: string | null): Promise<ChildNotifications> => ({
    choices: await repo.choices(actor.userId, childId),
    channels: await channelsOf(actor, email),
    events: [...NOTIFICATION_EVENTS_SENT],
    email,
  });
  const devicesOf = async (actor: Actor): Promise<PushDevices> => {
    const devices = await repo.devices(actor.userId);
    return { public_key: platform.push.publicKey, devices: devices.map(toDevice) };
  };

  /**
   * One push notice sent to its device: sent, or gone (the device unsubscribed: removed, with what
   * else waits for it), or its failure counted.
   */
  async function push(d: DeliveryToSend, done: { sent: number[]; gone: number[] }) {
    const outcome = { sent: 0, kept: 0, failed: 0, retry: 0 };
    if (!d.endpoint || !d.p256dh || !d.auth) {
      done.gone.push(d.id);
      return outcome;
    }
    const { subject, lines } = deliveryMail(d);
    const payload = JSON.stringify({ title: subject, body: lines.join('\n'), url: PARENT_HOME, tag: `tamaq-${d.id}` });
    try {
      const answer = await platform.push.send({ endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth }, payload, {
        ttlSeconds: PUSH_TTL_S,
      });
      if (answer === 'sent') {
        done.sent.push(d.id);
        outcome.sent += 1;
      } else {
        await repo.finishGone([d.id], platform.now());
        await repo.removeGone(Number(d.target));
      }
    } catch (err) {
      await failed(d, (err as Error).message, outcome);
    }
    return outcome;
  }

  /** A try that failed: tried again later, or `failed` after the last try. */
  async function failed(d: DeliveryToSend, error: string, outcome: Record<'failed' | 'retry', number>) {
    const now = platform.now();
    if (d.attempts >= DELIVERY_TRIES) {
      await repo.finish(d.id, { status: 'failed', at: now, error });
      outcome.failed += 1;
    } else {
      await repo.retryAt(d.id, new Date(now.getTime() + retryDelayMs(d.attempts)), error);
      outcome.retry += 1;
    }
  }

  /**
   * One letter sent — a delivery's own, or the day's digest of several — and each delivery in it
   * marked, or its failure counted for each.
   */
  async function deliver(
    mail: ReturnType<Mailer['batch']>,
    group: DeliveryToSend[],
    done: { sent: number[]; kept: number[] },
  ) {
    const [first] = group;
    const { subject, text } = group.length === 1 && !first!.digest ? deliveryMail(first!) : digestMail(group);
    const outcome = { sent: 0, kept: 0, failed: 0, retry: 0 };
    try {
      // The delivery row is the letter's record: no copy in the outbox once it really went.
      await mail.send({ to: first!.target, subject, text, record: false });
      const status = platform.mailer.delivers ? 'sent' : 'kept';
      done[status].push(...group.map((d) => d.id));
      outcome[status] += group.length;
    } catch (err) {
      for (const d of group) await failed(d, (err as Error).message, outcome);
    }
    return outcome;
  }

  /**
   * What the claimed deliveries make: a letter each, but one per parent and address for a digest;
   * a push each.
   */
  const letters = (due: DeliveryToSend[]) => {
    const digests = new Map<string, DeliveryToSend[]>();
    const single: DeliveryToSend[][] = [];
    for (const d of due) {
      // A digest's letters go as one to the address; a chat's notices as one message.
      const key =
        d.channel === 'telegram'
          ? `telegram ${d.target}`
          : d.digest && d.channel === 'email'
            ? `${d.parentId} ${d.target}`
            : null;
      if (key === null) single.push([d]);
      else digests.set(key, [...(digests.get(key) ?? []), d]);
    }
    return [...single, ...digests.values()];
  };

  /** One look: every waiting event turned into deliveries, and what is due sent. */
  async function runOnce() {
    const outcome = {
      events: 0,
      sent: 0,
      kept: 0,
      failed: 0,
      retry: 0,
      telegram: 0,
      telegramError: null as string | null,
    };
    // Telegram out of reach must not hold the letters back.
    try {
      outcome.telegram = await readTelegram();
    } catch (err) {
      outcome.telegramError = (err as Error).message;
    }
    for (;;) {
      const n = await repo.fanOut(500, platform.now());
      outcome.events += n;
      if (n < 500) break;
    }
    await repo.dropUnlinked();
    const mail = platform.mailer.batch();
    try {
      await sendDue(mail, outcome);
    } finally {
      mail.close();
    }
    return outcome;
  }

  /** Every delivery due now, claimed a hundred at a time, sent a few at once. */
  async function sendDue(
    mail: ReturnType<Mailer['batch']>,
    outcome: Record<'sent' | 'kept' | 'failed' | 'retry', number>,
  ) {
    for (;;) {
      const due = await repo.claim(BATCH, platform.now(), LEASE_MS);
      // A few letters at once: a mail server answers each in milliseconds, most of it waiting.
      const queue = letters(due);
      const done = { sent: [] as number[], kept: [] as number[], gone: [] as number[] };
      await Promise.all(
        Array.from({ length: Math.min(SENDING_AT_ONCE, queue.length) }, async () => {
          for (let group = queue.shift(); group; group = queue.shift()) {
            const channel = group[0]!.channel;
            const o =
              channel === 'push'
                ? await push(group[0]!, done)
                : channel === 'telegram'
                  ? await telegramSend(group, done)
                  : await deliver(mail, group, done);
            outcome.sent += o.sent;
            outcome.kept += o.kept;
            outcome.failed += o.failed;
            outcome.retry += o.retry;
          }
        }),
      );
      // Marked in one statement per outcome (a letter marked late is at worst sent again after the lease).
      await repo.finishAll(done.sent, 'sent', platform.now());
      await repo.finishAll(done.kept, 'kept', platform.now());
      await repo.finishGone(done.gone, platform.now());
      if (due.length < BATCH) break;
    }
  }

  return {
    runOnce,

    /** Looks every `NOTIFY_EVERY_MS`; answers the stop. */
    start(log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }) {
      return lookPeriodically(
        async () => {
          const o = await runOnce();
          if (o.sent + o.kept + o.failed + o.retry + o.telegram > 0) log.info(o, 'notifications');
          if (o.telegramError) log.error({ error: o.telegramError }, 'telegram: reading the bot’s messages failed');
        },
        { firstMs: NOTIFY_EVERY_MS, everyMs: NOTIFY_EVERY_MS, failed: 'notifications failed' },
        log,
      );
    },

    /** `GET /api/parent/notifications/settings`: the parent's quiet hours and digest. */
    async settings(actor: Actor): Promise<NotificationSettings> {
      const r = await repo.settings(actor.userId);
      return { quiet_from: r.quietFrom, quiet_to: r.quietTo, email_digest: r.emailDigest };
    },

    /**
     * `PUT /api/parent/notifications/settings`: from now on, what falls in the quiet hours waits for
     * their end and letters go as one digest a day (at DIGEST_TIME), as set; what already waits keeps
     * its time. Audited.
     */
    async saveSettings(actor: Actor, body: NotificationSettingsBody): Promise<NotificationSettings> {
      await platform.db.transaction(async (tx) => {
        await repo.saveSettings(tx, actor.userId, {
          quietFrom: body.quiet_from,
          quietTo: body.quiet_to,
          emailDigest: body.email_digest,
          at: platform.now(),
        });
        await audit(tx, actor, {
          action: 'notification_settings_set',
          entity: 'user',
          entityId: actor.userId,
          after: body,
        });
      });
      return this.settings(actor);
    },

    /** `GET /api/admin/notifications`: every delivery, newest first, for the super admin. */
    async deliveries(q: DeliveriesQuery): Promise<DeliveryList> {
      const { rows, total, failed } = await repo.list(q);
      return { rows: rows.map(toDelivery), total, failed };
    },

    /** `POST /api/admin/notification/:id/retry`: a failed delivery tried again from the first try. */
    async retry(actor: Actor, id: number): Promise<Delivery> {
      const found = await repo.one(id);
      if (!found) throw notFound(M.deliveryNotFound);
      if (!(await repo.retry(id, platform.now()))) throw conflict(M.notFailed);
      await audit(platform.db, actor, { action: 'notification_retry', entity: 'notification', entityId: id });
      return toDelivery((await repo.one(id))!);
    },

    /** `GET /api/parent/push`: the devices, and the key to subscribe one more with. */
    devices: devicesOf,

    /**
     * `POST /api/parent/push/device`: notices chosen «в браузере» go to this device too. Only at a
     * push service allowed (PUSH_SERVICES: the server sends there, so never anywhere else); at most
     * MAX_PUSH_DEVICES a parent. Audited.
     */
    async addDevice(actor: Actor, body: PushDeviceBody): Promise<PushDevice> {
      if (!platform.push.allows(body.endpoint)) throw new ValidationError({ endpoint: [M.endpoint] });
      const mine = await repo.devices(actor.userId);
      if (mine.length >= MAX_PUSH_DEVICES && !mine.some((d) => d.endpoint === body.endpoint)) {
        throw conflict(M.devices(mine.length));
      }
      const label = body.label || new URL(body.endpoint).hostname;
      const id = await platform.db.transaction(async (tx) => {
        const saved = await repo.saveDevice(tx, actor.userId, {
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          label,
        });
        await audit(tx, actor, {
          action: 'push_device_added',
          entity: 'push_device',
          entityId: saved,
          after: { label },
        });
        return saved;
      });
      return (await devicesOf(actor)).devices.find((d) => d.id === id)!;
    },

    /** `DELETE /api/parent/push/device/:id`: nothing more to that device (what waits for it is dropped). */
    async removeDevice(actor: Actor, id: number): Promise<PushDevices> {
      await platform.db.transaction(async (tx) => {
        if (!(await repo.removeDevice(tx, actor.userId, id))) throw notFound(M.deviceNotFound);
        await audit(tx, actor, { action: 'push_device_removed', entity: 'push_device', entityId: id });
      });
      return devicesOf(actor);
    },

    /** `GET /api/parent/telegram`: whether there is a bot, and the parent's chats. */
    telegram: chatsOf,

    /**
     * `POST /api/parent/telegram/link`: a link to the bot with a code of its own, valid
     * TELEGRAM_LINK_MINUTES: the chat that sends it (`/start <code>`) gets this parent's notices. Only
     * its hash is kept. No bot: 409; at most MAX_TELEGRAM_CHATS chats.
     */
    async linkTelegram(actor: Actor): Promise<TelegramLink> {
      if (!platform.telegram) throw conflict(M.telegramOff);
      const chats = await repo.telegramChats(actor.userId);
      if (chats.length >= MAX_TELEGRAM_CHATS) throw conflict(M.telegramChats(chats.length));
      const bot = await platform.telegram.username().catch(() => {
        throw serviceUnavailable(M.telegramDown);
      });
      const code = randomBytes(18).toString('base64url');
      const now = platform.now();
      const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_MINUTES * 60_000);
      await repo.addTelegramCode(actor.userId, sha256(code), now, expiresAt);
      await audit(platform.db, actor, { action: 'telegram_link', entity: 'user', entityId: actor.userId });
      return { url: `https://t.me/${bot}?start=${code}`, expires_at: expiresAt.toISOString() };
    },

    /** `DELETE /api/parent/telegram/chat/:id`: nothing more to that chat (what waits for it is dropped). */
    async removeTelegram(actor: Actor, id: number): Promise<TelegramChats> {
      await platform.db.transaction(async (tx) => {
        if (!(await repo.removeTelegramChat(tx, actor.userId, id))) throw notFound(M.telegramNotFound);
        await audit(tx, actor, { action: 'telegram_removed', entity: 'telegram_chat', entityId: id });
      });
      return chatsOf(actor);
    },

    /** `GET /api/parent/child/:id/notifications`. */
    async ofChild(actor: Actor, childId: number): Promise<ChildNotifications> {
      await childOf(actor, childId);
      return answer(actor, childId, await family.emailOf(actor.userId));
    },

    /**
     * `PUT /api/parent/child/:id/notifications`: the pairs given are on, the rest off. A channel that
     * cannot reach the parent, or an event not sent yet, is refused with the reason.
     */
    async choose(actor: Actor, childId: number, body: NotificationChoicesBody): Promise<ChildNotifications> {
      const child = await childOf(actor, childId);
      const email = await family.emailOf(actor.userId);
      const channels = await channelsOf(actor, email);
      const errors: Record<string, string[]> = {};
      const unreachable = {
        email: M.noEmail,
        push: M.noDevice,
        telegram: platform.telegram ? M.noTelegram : M.telegramOff,
      };
      body.choices.forEach((c, i) => {
        if (!NOTIFICATION_EVENTS_SENT.includes(c.event)) errors[`choices.${i}.event`] = [M.eventNotYet];
        else if (!channels.includes(c.channel)) errors[`choices.${i}.channel`] = [unreachable[c.channel]];
      });
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const unique = NOTIFICATION_EVENTS.flatMap((event) =>
        NOTIFICATION_CHANNELS.filter((channel) =>
          body.choices.some((c) => c.event === event && c.channel === channel),
        ).map((channel) => ({ event, channel })),
      );
      await platform.db.transaction(async (tx) => {
        await repo.setChoices(tx, actor.userId, child.id, unique);
        await audit(tx, actor, {
          action: 'notifications_set',
          entity: 'user',
          entityId: child.id,
          organizationId: child.organizationId,
          after: { choices: unique },
        });
      });
      return answer(actor, child.id, email);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
