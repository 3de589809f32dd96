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
} from '@tamaq/contract/notifications';
import { translate, withKazakh, type Language } from '@tamaq/contract/languages';
import type { Actor } from '../../platform/auth/actors.ts';
import { audit } from '../../platform/audit.ts';
import { conflict, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { lookPeriodically } from '../../platform/periodic.ts';
import type { Mailer } from '../../platform/mail.ts';
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
/** Letters sent at once by one instance. */
const SENDING_AT_ONCE = 8;

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
export function createNotificationsService(platform: Pick<Platform, 'db' | 'now' | 'mailer'>) {
  const repo = createNotificationsRepository(platform.db);
  const family = createFamilyService(platform);

  const childOf = async (actor: Actor, childId: number) => {
    const child = await family.childOf(actor.userId, childId);
    if (!child) throw notFound(M.childNotFound);
    return child;
  };
  const channelsOf = (email: string | null): NotificationChannel[] => (email ? ['email'] : []);
  const answer = async (actor: Actor, childId: number, email: string | null): Promise<ChildNotifications> => ({
    choices: await repo.choices(actor.userId, childId),
    channels: channelsOf(email),
    events: [...NOTIFICATION_EVENTS_SENT],
    email,
  });

  /**
   * One letter sent — a delivery's own, or the day's digest of several — and each delivery in it
   * marked, or its failure counted for each.
   */
  async function deliver(
    mail: ReturnType<Mailer['batch']>,
    group: DeliveryToSend[],
    done: { sent: number[]; kept: number[] },
  ) {
    const now = platform.now();
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
      const error = (err as Error).message;
      for (const d of group) {
        if (d.attempts >= DELIVERY_TRIES) {
          await repo.finish(d.id, { status: 'failed', at: now, error });
          outcome.failed += 1;
        } else {
          await repo.retryAt(d.id, new Date(now.getTime() + retryDelayMs(d.attempts)), error);
          outcome.retry += 1;
        }
      }
    }
    return outcome;
  }

  /** The letters of the claimed deliveries: one each, but one per parent and address for a digest. */
  const letters = (due: DeliveryToSend[]) => {
    const digests = new Map<string, DeliveryToSend[]>();
    const single: DeliveryToSend[][] = [];
    for (const d of due) {
      if (!d.digest) single.push([d]);
      else {
        const key = `${d.parentId} ${d.target}`;
        digests.set(key, [...(digests.get(key) ?? []), d]);
      }
    }
    return [...single, ...digests.values()];
  };

  /** One look: every waiting event turned into deliveries, and what is due sent. */
  async function runOnce() {
    const outcome = { events: 0, sent: 0, kept: 0, failed: 0, retry: 0 };
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
      const done = { sent: [] as number[], kept: [] as number[] };
      await Promise.all(
        Array.from({ length: Math.min(SENDING_AT_ONCE, queue.length) }, async () => {
          for (let group = queue.shift(); group; group = queue.shift()) {
            const o = await deliver(mail, group, done);
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
          if (o.sent + o.kept + o.failed + o.retry > 0) log.info(o, 'notifications');
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
      const channels = channelsOf(email);
      const errors: Record<string, string[]> = {};
      body.choices.forEach((c, i) => {
        if (!NOTIFICATION_EVENTS_SENT.includes(c.event)) errors[`choices.${i}.event`] = [M.eventNotYet];
        else if (!channels.includes(c.channel)) {
          errors[`choices.${i}.channel`] = [c.channel === 'email' ? M.noEmail : M.notYet];
        }
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
