import { IdParams, listOf } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { DIGEST_TIME } from './family-limits.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { withKazakh } from './languages.ts';
import { rolesFor } from './routes.ts';
import { z } from './zod.ts';

/**
 * What a parent is told of a child, and how (docs/rules.md "Notifications"): each parent chooses per
 * child, per event and per channel. A notice is written in the transaction of what it tells of and sent
 * by a worker afterwards, so that the queue never waits for a mail server.
 */
export const NOTIFICATION_EVENTS = [
  'meal',
  'refused',
  'absent',
  'book_issued',
  'book_due',
  'book_overdue',
  'book_returned',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The events a parent can be told of. */
export const NOTIFICATION_EVENTS_SENT: readonly NotificationEvent[] = NOTIFICATION_EVENTS;

export const NOTIFICATIONS_MESSAGES = withKazakh(
  {
    childNotFound: 'Ребёнок не найден',
    choices: 'Укажите, о чём и как сообщать: список пар «событие — канал»',
    event: 'Неизвестное событие',
    channel: 'Неизвестный канал',
    noEmail: 'В вашем профиле нет e-mail: письма отправлять некуда',
    notYet: 'Этот канал пока недоступен',
    eventNotYet: 'Об этом событии Tamaq пока не сообщает',
    status: 'Неизвестный статус',
    quietTime: 'Время в формате ЧЧ:ММ',
    quietBoth: 'Укажите начало и конец тихих часов, или ни того, ни другого',
    quietSame: 'Начало и конец тихих часов совпадают',
    digest: 'Укажите, присылать ли письма одной сводкой в день',
    deliveryNotFound: 'Уведомление не найдено',
    notFailed: 'Уведомление не отказано: отправлять ещё раз нечего',
    noDevice: 'Уведомления в браузере не включены ни на одном вашем устройстве',
    pushOff: 'Уведомления в браузере на этом сервере не настроены',
    endpoint: 'Адрес подписки должен быть адресом службы уведомлений браузера (https)',
    pushKey: 'Ключ подписки браузера неверен',
    deviceLabel: 'Название устройства — не длиннее 100 символов',
    deviceNotFound: 'Устройство не найдено',
    devices: (n: number) => `Уведомления в браузере включены уже на ${n} устройствах: отключите одно из них`,
    telegramOff: 'Telegram на этом сервере не подключён',
    noTelegram: 'Telegram не подключён: откройте ссылку на бота и нажмите «Старт»',
    telegramNotFound: 'Чат не найден',
    telegramDown: 'Telegram сейчас не отвечает. Попробуйте через несколько минут.',
    telegramChats: (n: number) => `Уведомления приходят уже в ${n} чатов Telegram: отключите один из них`,
  } as const,
  {
    childNotFound: 'Бала табылмады',
    choices: 'Не туралы және қалай хабарлау керегін көрсетіңіз: «оқиға — арна» жұптарының тізімі',
    event: 'Белгісіз оқиға',
    channel: 'Белгісіз арна',
    noEmail: 'Профиліңізде e-mail жоқ: хат жіберетін жер жоқ',
    notYet: 'Бұл арна әзірге қолжетімсіз',
    eventNotYet: 'Tamaq бұл оқиға туралы әзірге хабарламайды',
    status: 'Белгісіз мәртебе',
    quietTime: 'Уақыт СС:ММ пішімінде',
    quietBoth: 'Тыныш сағаттардың басы мен соңын көрсетіңіз, немесе екеуін де көрсетпеңіз',
    quietSame: 'Тыныш сағаттардың басы мен соңы бірдей',
    digest: 'Хаттарды күніне бір жиынтықпен жіберу керек пе, көрсетіңіз',
    deliveryNotFound: 'Хабарлама табылмады',
    notFailed: 'Хабарлама қабылданбаған емес: қайта жіберетін ештеңе жоқ',
    noDevice: 'Браузердегі хабарламалар сіздің бірде-бір құрылғыңызда қосылмаған',
    pushOff: 'Браузердегі хабарламалар бұл серверде бапталмаған',
    endpoint: 'Жазылым мекенжайы браузердің хабарлама қызметінің мекенжайы болуы керек (https)',
    pushKey: 'Браузер жазылымының кілті қате',
    deviceLabel: 'Құрылғы атауы — 100 таңбадан аспауы керек',
    deviceNotFound: 'Құрылғы табылмады',
    devices: (n: number) => `Браузердегі хабарламалар ${n} құрылғыда қосылған: біреуін өшіріңіз`,
    telegramOff: 'Бұл серверде Telegram қосылмаған',
    noTelegram: 'Telegram қосылмаған: ботқа сілтемені ашып, «Старт» түймесін басыңыз',
    telegramNotFound: 'Чат табылмады',
    telegramDown: 'Telegram қазір жауап бермейді. Бірнеше минуттан кейін қайталап көріңіз.',
    telegramChats: (n: number) => `Хабарламалар ${n} Telegram чатына келеді: біреуін өшіріңіз`,
  },
);
const M = NOTIFICATIONS_MESSAGES;

export const NotificationChoice = z.object({
  event: z.enum(NOTIFICATION_EVENTS, { error: M.event }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: M.channel }),
});
export type NotificationChoice = z.infer<typeof NotificationChoice>;

/** `PUT /api/parent/child/:id/notifications`: every pair wanted (the rest are turned off). */
export const NotificationChoicesBody = z.object({
  choices: z
    .array(NotificationChoice, { error: M.choices })
    .max(NOTIFICATION_EVENTS.length * NOTIFICATION_CHANNELS.length, { error: M.choices }),
});
export type NotificationChoicesBody = z.infer<typeof NotificationChoicesBody>;

/** A parent's notifications about one child: what is chosen, and which channels reach the parent now. */
export const ChildNotifications = z.object({
  choices: z.array(NotificationChoice),
  /** The channels that can carry a notice to this parent (`email` while the profile has an address). */
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  /** The events sent today. */
  events: z.array(z.enum(NOTIFICATION_EVENTS)),
  /** The address letters go to, as the profile has it. */
  email: z.string().nullable(),
});
export type ChildNotifications = z.infer<typeof ChildNotifications>;

const quietTime = z
  .string({ error: M.quietTime })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.quietTime })
  .nullable();

/** `PUT /api/parent/notifications/settings`: quiet hours (both or neither) and the daily digest. */
export const NotificationSettingsBody = z
  .object({
    quiet_from: quietTime,
    quiet_to: quietTime,
    email_digest: z.boolean({ error: M.digest }),
  })
  .superRefine((b, ctx) => {
    if ((b.quiet_from === null) !== (b.quiet_to === null))
      ctx.addIssue({ code: 'custom', message: M.quietBoth, path: [b.quiet_from === null ? 'quiet_from' : 'quiet_to'] });
    else if (b.quiet_from !== null && b.quiet_from === b.quiet_to)
      ctx.addIssue({ code: 'custom', message: M.quietSame, path: ['quiet_to'] });
  });
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBody>;

/** A parent's settings for every notice: nothing sent in quiet hours; letters at once or as a digest. */
export const NotificationSettings = z.object({
  quiet_from: z.string().nullable(),
  quiet_to: z.string().nullable(),
  email_digest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** Devices one parent may have push notifications on. */
export const MAX_PUSH_DEVICES = 10;

/** A key of a browser's push subscription: unpadded base64url of `bytes` bytes. */
const pushKey = (bytes: number) =>
  z
    .string({ error: M.pushKey })
    .refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Math.floor((v.length * 3) / 4) === bytes, { error: M.pushKey });

/**
 * `POST /api/parent/push/device`: this browser's push subscription (`PushSubscription.toJSON()`), so
 * that notices chosen «в браузере» reach it. The same endpoint again replaces its keys.
 */
export const PushDeviceBody = z.object({
  endpoint: z
    .string({ error: M.endpoint })
    .trim()
    .max(1000, { error: M.endpoint })
    .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, { error: M.endpoint }),
  keys: z.object({ p256dh: pushKey(65), auth: pushKey(16) }, { error: M.pushKey }),
  /** What the parent calls the device (the browser says which by default). */
  label: z.string({ error: M.deviceLabel }).trim().max(100, { error: M.deviceLabel }).optional(),
});
export type PushDeviceBody = z.infer<typeof PushDeviceBody>;

/** A device a parent gets push notifications on (never its keys). */
export const PushDevice = z.object({
  id: z.number().int(),
  label: z.string(),
  created_at: z.string(),
  /** The subscription's endpoint, for the browser to know itself among the devices. */
  endpoint: z.string(),
});
export type PushDevice = z.infer<typeof PushDevice>;

/** `GET /api/parent/push`: the server's public key to subscribe with (null: push is off), and the devices. */
export const PushDevices = z.object({
  public_key: z.string().nullable(),
  devices: z.array(PushDevice),
});
export type PushDevices = z.infer<typeof PushDevices>;

/** Telegram chats one parent may have notices in. */
export const MAX_TELEGRAM_CHATS = 5;

/** A Telegram chat a parent gets notices in (never its chat id). */
export const TelegramChat = z.object({
  id: z.number().int(),
  /** The chat's name as Telegram gave it (the person's name). */
  name: z.string(),
  created_at: z.string(),
});
export type TelegramChat = z.infer<typeof TelegramChat>;

/** `GET /api/parent/telegram`: whether the server has a bot, its name, and the parent's chats. */
export const TelegramChats = z.object({
  available: z.boolean(),
  /** The bot's username (`@…` without the @), once known. */
  bot: z.string().nullable(),
  chats: z.array(TelegramChat),
});
export type TelegramChats = z.infer<typeof TelegramChats>;

/** `POST /api/parent/telegram/link`: the link that opens the bot and ties the chat to this parent. */
export const TelegramLink = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export type TelegramLink = z.infer<typeof TelegramLink>;

/** How long a link to the bot ties a chat to the parent who asked for it. */
export const TELEGRAM_LINK_MINUTES = 15;

/** `gone`: the push service said the device unsubscribed, or the person blocked the bot; it was removed. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'kept', 'failed', 'gone'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** `GET /api/admin/notifications`: the deliveries, newest first; `status` keeps one kind. */
export const DeliveriesQuery = z.object({
  query: z.string().trim().max(255).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: M.status }).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type DeliveriesQuery = z.infer<typeof DeliveriesQuery>;

/** One notice to one parent by one channel, as the super admin reads it. */
export const Delivery = z.object({
  id: z.number().int(),
  created_at: z.string(),
  event: z.enum(NOTIFICATION_EVENTS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** The address: an e-mail (never a push or Telegram token). */
  target: z.string(),
  parent: z.object({ id: z.number().int(), name: z.string() }),
  pupil: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last failure's reason. */
  error: z.string().nullable(),
  /** When it is tried next (pending). */
  next_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof Delivery>;
export const DeliveryList = listOf(Delivery).extend({
  /** How many failed in all, whatever the filter. */
  failed: z.number().int(),
});
export type DeliveryList = z.infer<typeof DeliveryList>;

const notificationsEndpoint = endpointsOf('notifications');
const SUPER = rolesFor('/admin/notifications');
const PARENT = rolesFor('/download');

export const NOTIFICATIONS_ENDPOINTS = {
  ofChild: notificationsEndpoint('ofChild', {
    params: IdParams,
    answer: ChildNotifications,
    refusals: [404],
    access: PARENT,
    summary: 'Уведомления о ребёнке: о каких событиях и по каким каналам сообщать этому родителю',
  }),
  choose: notificationsEndpoint('choose', {
    params: IdParams,
    body: NotificationChoicesBody,
    answer: ChildNotifications,
    refusals: [404],
    access: PARENT,
    summary: 'Выбрать, о каких событиях ребёнка и по каким каналам сообщать (остальное выключается)',
  }),
  settings: notificationsEndpoint('settings', {
    answer: NotificationSettings,
    access: PARENT,
    summary: 'Настройки уведомлений родителя: тихие часы и письма одной сводкой в день',
  }),
  saveSettings: notificationsEndpoint('saveSettings', {
    body: NotificationSettingsBody,
    answer: NotificationSettings,
    access: PARENT,
    summary: 'Задать тихие часы (в них ничего не отправляется, всё ждёт их конца) и сводку писем раз в день',
  }),
  deliveries: notificationsEndpoint('deliveries', {
    query: DeliveriesQuery,
    answer: DeliveryList,
    access: SUPER,
    summary: 'Уведомления родителям: кому, о чём, каким каналом, отправлено ли, и почему нет',
  }),
  devices: notificationsEndpoint('devices', {
    answer: PushDevices,
    access: PARENT,
    summary: 'Устройства, на которых родитель получает уведомления в браузере, и ключ сервера для подписки',
  }),
  addDevice: notificationsEndpoint('addDevice', {
    body: PushDeviceBody,
    answer: PushDevice,
    refusals: [409],
    access: PARENT,
    summary: 'Получать уведомления в этом браузере: подписка браузера (та же подписка заменяет прежние ключи)',
  }),
  removeDevice: notificationsEndpoint('removeDevice', {
    params: IdParams,
    answer: PushDevices,
    refusals: [404],
    access: PARENT,
    summary: 'Больше не присылать уведомления на это устройство',
  }),
  telegram: notificationsEndpoint('telegram', {
    answer: TelegramChats,
    access: PARENT,
    summary: 'Чаты Telegram, в которые приходят уведомления родителю, и есть ли у сервера бот',
  }),
  linkTelegram: notificationsEndpoint('linkTelegram', {
    answer: TelegramLink,
    refusals: [409, 503],
    access: PARENT,
    summary: 'Ссылка на бота Telegram: открыв её и нажав «Старт», родитель получает уведомления в этом чате',
  }),
  removeTelegram: notificationsEndpoint('removeTelegram', {
    params: IdParams,
    answer: TelegramChats,
    refusals: [404],
    access: PARENT,
    summary: 'Больше не присылать уведомления в этот чат Telegram',
  }),
  retry: notificationsEndpoint('retry', {
    params: IdParams,
    answer: Delivery,
    refusals: [404, 409],
    access: SUPER,
    summary: 'Отправить отказанное уведомление ещё раз (например, когда почтовый сервер снова работает)',
  }),
};

export { DIGEST_TIME };
