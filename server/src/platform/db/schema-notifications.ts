import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './schema-people.ts';

/**
 * Notifications to parents (docs/rules.md "Notifications"): what each parent wants to be told of each
 * child and by which channel; the events, written in the transaction of what they tell of; and one
 * delivery per event, parent, channel and address, which a worker sends with retries.
 */

/** A parent wants to hear of `event` about the child by `channel` (a row is a yes). */
export const notificationChoices = pgTable(
  'notification_choices',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'notification_choices_pkey', columns: [t.parentId, t.pupilId, t.event, t.channel] }),
    // The scan asks «does anybody want to hear of this child's meal?» by this index.
    index('notification_choices_pupil_event_idx').on(t.pupilId, t.event),
  ],
);

/**
 * Something that happened to a child that somebody wants to hear of. Written with what it tells of (a
 * rolled-back visit leaves none); `fanned_at` is set when its deliveries are written. No foreign keys:
 * it is written at the queue's pace, like the visit.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    event: text('event').notNull(),
    organizationId: integer('organization_id').notNull(),
    pupilId: integer('pupil_id').notNull(),
    /** The visit told of (a meal). */
    visitId: bigint('visit_id', { mode: 'number' }),
    /** When it happened. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    data: jsonb('data'),
    fannedAt: timestamp('fanned_at', { withTimezone: true }),
    /**
     * What makes a notice written by a daily look once however many instances look (a book due
     * soon: `book_due:<loan>:<due day>`); none for a notice written with what it tells of.
     */
    key: text('key'),
  },
  (t) => [
    index('notification_events_waiting_idx')
      .on(t.id)
      .where(sql`${t.fannedAt} is null`),
    uniqueIndex('notification_events_key_key')
      .on(t.key)
      .where(sql`${t.key} is not null`),
  ],
);

/**
 * One notice to one parent by one channel and address. `pending` until sent; a try that fails is
 * tried again later (`next_at`), and after the last try the delivery is `failed`, for the super admin.
 * `kept`: an e-mail kept in the outbox because no mail server is set; `gone`: a push whose device unsubscribed.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pupilId: integer('pupil_id').notNull(),
    channel: text('channel').notNull(),
    /** The e-mail address, the push subscription's id or the Telegram chat. */
    target: text('target').notNull(),
    /** Sent as a part of the day's digest letter rather than on its own. */
    digest: boolean('digest').notNull().default(false),
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed', 'gone'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once_key').on(t.eventId, t.parentId, t.channel, t.target),
    index('notification_deliveries_due_idx')
      .on(t.nextAt)
      .where(sql`${t.status} = 'pending'`),
    index('notification_deliveries_parent_pupil_idx').on(t.parentId, t.pupilId),
  ],
);

/**
 * A parent's own settings for every notice: quiet hours (nothing is sent from `quiet_from` to
 * `quiet_to`, in the child's organization's time; it waits until they end) and letters as one digest
 * a day instead of each at once.
 */
export const notificationSettings = pgTable('notification_settings', {
  parentId: integer('parent_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quietFrom: time('quiet_from'),
  quietTo: time('quiet_to'),
  emailDigest: boolean('email_digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A device where a parent allowed notices in the browser: its push subscription (the push service's
 * address and the keys a notice is encrypted to). Removed when the push service says it is gone.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_parent_idx').on(t.parentId),
  ],
);

/**
 * A Telegram chat a parent gets notices in. Made when the parent asks for a link to the bot (the
 * code's hash, valid a short while, no chat yet); the chat is filled in when the bot is sent
 * `/start <code>` from it. One chat may serve two parents (a family's group).
 */
export const telegramChats = pgTable(
  'telegram_chats',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }),
    name: text('name'),
    codeHash: text('code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('telegram_chats_parent_chat_key').on(t.parentId, t.chatId),
    uniqueIndex('telegram_chats_code_key').on(t.codeHash),
  ],
);

/**
 * Where reading the bot's messages got to (the next update's id), and until when an instance holds
 * the reading: one instance reads at a time, each message is read once.
 */
export const telegramState = pgTable('telegram_state', {
  id: smallint('id').primaryKey().default(1),
  nextUpdate: bigint('next_update', { mode: 'number' }).notNull().default(0),
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
});
