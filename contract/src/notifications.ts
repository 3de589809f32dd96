import { IdParams } from './common.ts';
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

/** The events a parent can be told of today (the others are announced in the list and come later). */
export const NOTIFICATION_EVENTS_SENT: readonly NotificationEvent[] = ['meal'];

export const NOTIFICATIONS_MESSAGES = withKazakh(
  {
    childNotFound: 'Ребёнок не найден',
    choices: 'Укажите, о чём и как сообщать: список пар «событие — канал»',
    event: 'Неизвестное событие',
    channel: 'Неизвестный канал',
    noEmail: 'В вашем профиле нет e-mail: письма отправлять некуда',
    notYet: 'Этот канал пока недоступен',
    eventNotYet: 'Об этом событии Tamaq пока не сообщает',
  } as const,
  {
    childNotFound: 'Бала табылмады',
    choices: 'Не туралы және қалай хабарлау керегін көрсетіңіз: «оқиға — арна» жұптарының тізімі',
    event: 'Белгісіз оқиға',
    channel: 'Белгісіз арна',
    noEmail: 'Профиліңізде e-mail жоқ: хат жіберетін жер жоқ',
    notYet: 'Бұл арна әзірге қолжетімсіз',
    eventNotYet: 'Tamaq бұл оқиға туралы әзірге хабарламайды',
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

export const DELIVERY_STATUSES = ['pending', 'sent', 'kept', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const notificationsEndpoint = endpointsOf('notifications');
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
};
