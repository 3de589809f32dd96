import { and, asc, eq, gt, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';

/** A list of ids as one array parameter (`= any(...)`), not one parameter each. */
const idArray = (ids: number[]) => `{${ids.join(',')}}`;
import { DIGEST_TIME, type DeliveriesQuery, type NotificationChoice } from '@tamaq/contract/notifications';
import { containsPattern } from '../../platform/db/catalogue.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  notificationChoices,
  notificationDeliveries,
  notificationSettings,
  pushSubscriptions,
  telegramChats,
  telegramState,
} from '../../platform/db/schema-notifications.ts';
import { users } from '../../platform/db/schema-people.ts';

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** The address as the super admin reads it: the e-mail, or the device's name (never a push endpoint). */
const shownTarget = sql.raw(`case d.channel when 'push' then coalesce(ps.label, '—')
  when 'telegram' then 'Telegram: ' || coalesce(tc.name, '—') else d.target end`);

/** A delivery as the super admin's list reads it. */
export interface DeliveryRow {
  id: number | string;
  createdAt: Date;
  event: string;
  channel: string;
  target: string;
  parentId: number;
  parentName: string;
  pupilId: number;
  pupilName: string;
  status: string;
  attempts: number;
  error: string | null;
  nextAt: Date;
  sentAt: Date | null;
}

/** A delivery claimed for sending, with what its message says. */
export interface DeliveryToSend {
  id: number;
  parentId: number;
  /** A part of the day's digest letter. */
  digest: boolean;
  channel: string;
  target: string;
  attempts: number;
  event: string;
  at: Date;
  /** What the event carries besides the visit: a refusal's reason, an absence's day, the books. */
  data: unknown;
  language: 'ru' | 'kk';
  pupilName: string;
  timeZone: string;
  schoolName: string | null;
  schoolNameKk: string | null;
  canteenName: string | null;
  mealName: string | null;
  foodCategoryName: string | null;
  foodCategoryNameKk: string | null;
  /** A push delivery's device (null: removed since). */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  /** A Telegram delivery's chat (null: removed since). */
  chatId: number | null;
}

/** What still waits to go to the device or chat `id` (just removed): never sent. */
const dropPendingTo = (tx: Db, id: number, channel: 'push' | 'telegram' = 'push') =>
  tx
    .delete(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.channel, channel),
        eq(notificationDeliveries.target, String(id)),
        eq(notificationDeliveries.status, 'pending'),
      ),
    );

export function createNotificationsRepository(db: Db) {
  return {
    choices(parentId: number, pupilId: number): Promise<NotificationChoice[]> {
      return db
        .select({ event: notificationChoices.event, channel: notificationChoices.channel })
        .from(notificationChoices)
        .where(and(eq(notificationChoices.parentId, parentId), eq(notificationChoices.pupilId, pupilId)))
        .orderBy(asc(notificationChoices.event), asc(notificationChoices.channel)) as Promise<NotificationChoice[]>;
    },

    /** Replaces the parent's choices about the child; a choice turned off drops what waits to go by it. */
    async setChoices(tx: Db, parentId: number, pupilId: number, choices: NotificationChoice[]) {
      await tx
        .delete(notificationChoices)
        .where(and(eq(notificationChoices.parentId, parentId), eq(notificationChoices.pupilId, pupilId)));
      if (choices.length > 0) {
        await tx.insert(notificationChoices).values(choices.map((c) => ({ parentId, pupilId, ...c })));
      }
      const kept = [...new Set(choices.map((c) => c.channel))];
      await tx
        .delete(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.parentId, parentId),
            eq(notificationDeliveries.pupilId, pupilId),
            eq(notificationDeliveries.status, 'pending'),
            kept.length > 0 ? notInArray(notificationDeliveries.channel, kept) : undefined,
          ),
        );
    },

    /**
     * Turns up to `limit` waiting events into deliveries, in one transaction: each to every parent
     * linked to the child now who chose that event by a channel that reaches them. Events another
     * instance is turning are skipped, so each is turned once however many instances run.
     */
    async fanOut(limit: number, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const events = rowsOf<{ id: number | string }>(
          await tx.execute(sql`
            select id from notification_events where fanned_at is null
            order by id limit ${limit}::int for update skip locked`),
        ).map((r) => Number(r.id));
        if (events.length === 0) return 0;
        // Due now; in the parent's quiet hours, when they end; a digest's letter, at the day's digest
        // hour — each in the child's organization's time.
        const at = sql`${now.toISOString()}::timestamptz`;
        await tx.execute(sql`
          insert into notification_deliveries (event_id, parent_id, pupil_id, channel, target, next_at, digest)
          select e.id, c.parent_id, e.pupil_id, c.channel, t.target,
            case
              when digest then ((z.day + case when z.tm < ${DIGEST_TIME}::time then 0 else 1 end) + ${DIGEST_TIME}::time) at time zone z.tz
              when st.quiet_from is not null and case when st.quiet_from < st.quiet_to
                  then z.tm >= st.quiet_from and z.tm < st.quiet_to
                  else z.tm >= st.quiet_from or z.tm < st.quiet_to end
                then ((z.day + case when z.tm < st.quiet_to then 0 else 1 end) + st.quiet_to) at time zone z.tz
              else ${at}
            end,
            digest
          from notification_events e
          join notification_choices c on c.pupil_id = e.pupil_id and c.event = e.event
          join parent_children l on l.parent_id = c.parent_id and l.pupil_id = e.pupil_id
          join users p on p.id = c.parent_id and p.deleted_at is null
          left join organizations o on o.id = e.organization_id
          left join notification_settings st on st.parent_id = c.parent_id
          cross join lateral (select coalesce(o.time_zone, 'Asia/Almaty') as tz) zone
          cross join lateral (
            select zone.tz, (${at} at time zone zone.tz)::date as day, (${at} at time zone zone.tz)::time as tm,
              (c.channel = 'email' and coalesce(st.email_digest, false)) as digest
          ) z
          -- Each address the channel has: the e-mail, or every device the parent allowed push on.
          cross join lateral (
            select p.email as target where c.channel = 'email' and coalesce(p.email, '') <> ''
            union all
            select ps.id::text from push_subscriptions ps where c.channel = 'push' and ps.parent_id = c.parent_id
            union all
            select tc.id::text from telegram_chats tc
            where c.channel = 'telegram' and tc.parent_id = c.parent_id and tc.chat_id is not null
          ) t
          where e.id = any(${idArray(events)}::bigint[])
          on conflict do nothing`);
        await tx.execute(sql`
          update notification_events set fanned_at = ${now.toISOString()}::timestamptz
          where id = any(${idArray(events)}::bigint[])`);
        return events.length;
      });
    },

    /**
     * Claims up to `limit` deliveries due now: each try counted and the next one set `leaseMs` ahead,
     * so that an instance stopped while sending leaves it to be tried again, and no other instance
     * takes it meanwhile. Only while the parent is still linked to the child.
     */
    async claim(limit: number, now: Date, leaseMs: number): Promise<DeliveryToSend[]> {
      const result = await db.execute(sql`
        with due as (
          select d.id from notification_deliveries d
          where d.status = 'pending' and d.next_at <= ${now.toISOString()}::timestamptz
          order by d.next_at, d.id limit ${limit}::int for update skip locked
        ), claimed as (
          update notification_deliveries d
          set attempts = d.attempts + 1,
              next_at = ${now.toISOString()}::timestamptz + ${leaseMs}::int * interval '1 millisecond'
          from due where d.id = due.id
          returning d.id, d.event_id, d.parent_id, d.pupil_id, d.channel, d.target, d.attempts, d.digest
        )
        select c.id, c.parent_id as "parentId", c.digest, c.channel, c.target, c.attempts, e.event, e.at, e.data,
          coalesce(p.language, o.language, 'ru') as language,
          k.name as "pupilName", coalesce(o.time_zone, 'Asia/Almaty') as "timeZone",
          s.name as "schoolName", s.name_kk as "schoolNameKk", cn.name as "canteenName",
          x.name as "mealName", fc.name as "foodCategoryName", fc.name_kk as "foodCategoryNameKk",
          ps.endpoint, ps.p256dh, ps.auth, tc.chat_id as "chatId"
        from claimed c
        join notification_events e on e.id = c.event_id
        join parent_children l on l.parent_id = c.parent_id and l.pupil_id = c.pupil_id
        join users p on p.id = c.parent_id
        join users k on k.id = c.pupil_id
        left join organizations o on o.id = e.organization_id
        left join visits v on v.id = e.visit_id
        left join schools s on s.id = coalesce(v.school_id, (e.data ->> 'schoolId')::int)
        left join canteens cn on cn.id = v.canteen_id
        left join fixation_categories x on x.id = v.fixation_category_id
        left join food_categories fc on fc.id = v.food_category_id
        left join push_subscriptions ps on ps.id = (case when c.channel = 'push' then c.target end)::int
        left join telegram_chats tc on tc.id = (case when c.channel = 'telegram' then c.target end)::int
        order by e.at, c.id`);
      return rowsOf<DeliveryToSend & { id: number | string; chatId: number | string | null }>(result).map((r) => ({
        ...r,
        id: Number(r.id),
        chatId: r.chatId === null ? null : Number(r.chatId),
      }));
    },

    /** Claimed deliveries whose parent is no longer linked: dropped, nothing is sent. */
    async dropUnlinked() {
      await db.execute(sql`
        delete from notification_deliveries d
        where d.status = 'pending'
          and not exists (select 1 from parent_children l where l.parent_id = d.parent_id and l.pupil_id = d.pupil_id)`);
    },

    async finish(id: number, outcome: { status: 'sent' | 'kept' | 'failed'; at: Date; error: string | null }) {
      await db
        .update(notificationDeliveries)
        .set({ status: outcome.status, sentAt: outcome.status === 'failed' ? null : outcome.at, error: outcome.error })
        .where(eq(notificationDeliveries.id, id));
    },

    async settings(parentId: number) {
      const [row] = await db
        .select({
          quietFrom: sql<string | null>`to_char(${notificationSettings.quietFrom}, 'HH24:MI')`,
          quietTo: sql<string | null>`to_char(${notificationSettings.quietTo}, 'HH24:MI')`,
          emailDigest: notificationSettings.emailDigest,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.parentId, parentId));
      return row ?? { quietFrom: null, quietTo: null, emailDigest: false };
    },

    async saveSettings(
      tx: Db,
      parentId: number,
      s: { quietFrom: string | null; quietTo: string | null; emailDigest: boolean; at: Date },
    ) {
      const values = { quietFrom: s.quietFrom, quietTo: s.quietTo, emailDigest: s.emailDigest, updatedAt: s.at };
      await tx
        .insert(notificationSettings)
        .values({ parentId, ...values })
        .onConflictDoUpdate({ target: notificationSettings.parentId, set: values });
    },

    /** The deliveries, newest first: by a part of the address or either name, one status if asked. */
    async list(q: DeliveriesQuery) {
      const like = q.query ? containsPattern(q.query) : null;
      const where = sql`true
        ${q.status ? sql`and d.status = ${q.status}` : sql``}
        ${like ? sql`and (${shownTarget} ilike ${like} or p.name ilike ${like} or k.name ilike ${like})` : sql``}`;
      const from = sql`from notification_deliveries d
        join notification_events e on e.id = d.event_id
        join users p on p.id = d.parent_id
        join users k on k.id = d.pupil_id
        left join push_subscriptions ps on ps.id = (case when d.channel = 'push' then d.target end)::int
        left join telegram_chats tc on tc.id = (case when d.channel = 'telegram' then d.target end)::int`;
      const [rows, totals] = await Promise.all([
        db.execute(sql`
          select d.id, d.created_at as "createdAt", e.event, d.channel, ${shownTarget} as target, d.parent_id as "parentId",
            p.name as "parentName", d.pupil_id as "pupilId", k.name as "pupilName", d.status, d.attempts, d.error,
            d.next_at as "nextAt", d.sent_at as "sentAt"
          ${from} where ${where}
          order by d.created_at desc, d.id desc limit ${q.limit}::int offset ${q.offset}::int`),
        db.execute(sql`
          select count(*)::int as n, (select count(*)::int from notification_deliveries where status = 'failed') as failed
          ${from} where ${where}`),
      ]);
      const [counts] = rowsOf<{ n: number; failed: number }>(totals);
      return { rows: rowsOf<DeliveryRow>(rows), total: counts?.n ?? 0, failed: counts?.failed ?? 0 };
    },

    /** One delivery as the list reads it. */
    async one(id: number): Promise<DeliveryRow | null> {
      const result = await db.execute(sql`
        select d.id, d.created_at as "createdAt", e.event, d.channel, ${shownTarget} as target, d.parent_id as "parentId",
          p.name as "parentName", d.pupil_id as "pupilId", k.name as "pupilName", d.status, d.attempts, d.error,
          d.next_at as "nextAt", d.sent_at as "sentAt"
        from notification_deliveries d
        join notification_events e on e.id = d.event_id
        join users p on p.id = d.parent_id
        join users k on k.id = d.pupil_id
        left join push_subscriptions ps on ps.id = (case when d.channel = 'push' then d.target end)::int
        left join telegram_chats tc on tc.id = (case when d.channel = 'telegram' then d.target end)::int
        where d.id = ${id}::bigint`);
      return rowsOf<DeliveryRow>(result)[0] ?? null;
    },

    /** A failed delivery back to pending, due now with its tries counted afresh; false if it is not failed. */
    async retry(id: number, now: Date): Promise<boolean> {
      const done = await db
        .update(notificationDeliveries)
        .set({ status: 'pending', attempts: 0, nextAt: now })
        .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'failed')))
        .returning({ id: notificationDeliveries.id });
      return done.length > 0;
    },

    /** Every delivery of `ids` sent (or kept in the outbox) at `at`. */
    async finishAll(ids: number[], status: 'sent' | 'kept', at: Date) {
      if (ids.length === 0) return;
      await db.execute(sql`
        update notification_deliveries set status = ${status}, sent_at = ${at.toISOString()}::timestamptz, error = null
        where id = any(${idArray(ids)}::bigint[])`);
    },

    /** The parent's push devices, oldest first. */
    devices(parentId: number) {
      return db
        .select({
          id: pushSubscriptions.id,
          label: pushSubscriptions.label,
          endpoint: pushSubscriptions.endpoint,
          createdAt: pushSubscriptions.createdAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.parentId, parentId))
        .orderBy(asc(pushSubscriptions.id));
    },

    /** A device of the parent's (the same endpoint again: its keys and owner replaced). Answers its id. */
    async saveDevice(tx: Db, parentId: number, d: { endpoint: string; p256dh: string; auth: string; label: string }) {
      const [row] = await tx
        .insert(pushSubscriptions)
        .values({ parentId, ...d })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { parentId, p256dh: d.p256dh, auth: d.auth, label: d.label },
        })
        .returning({ id: pushSubscriptions.id });
      return row!.id;
    },

    /** Removes a device of the parent's; false if there is none such. Pending notices to it are dropped. */
    async removeDevice(tx: Db, parentId: number, id: number): Promise<boolean> {
      const gone = await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.parentId, parentId)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) return false;
      await dropPendingTo(tx, id);
      return true;
    },

    /** A device the push service says is gone: removed, and what still waits for it. */
    async removeGone(id: number) {
      await db.transaction(async (tx) => {
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
        await dropPendingTo(tx, id);
      });
    },

    /** Deliveries of `ids` that will never go: their device is gone. */
    async finishGone(ids: number[], at: Date) {
      if (ids.length === 0) return;
      await db.execute(sql`
        update notification_deliveries set status = 'gone', sent_at = null, error = null, next_at = ${at.toISOString()}::timestamptz
        where id = any(${idArray(ids)}::bigint[])`);
    },

    /** The parent's Telegram chats (linked ones), oldest first. */
    telegramChats(parentId: number) {
      return db
        .select({ id: telegramChats.id, name: telegramChats.name, createdAt: telegramChats.createdAt })
        .from(telegramChats)
        .where(and(eq(telegramChats.parentId, parentId), isNotNull(telegramChats.chatId)))
        .orderBy(asc(telegramChats.id));
    },

    /** A link code for the parent, valid until `expiresAt`; the parent's expired codes go. */
    async addTelegramCode(parentId: number, codeHash: string, now: Date, expiresAt: Date) {
      await db
        .delete(telegramChats)
        .where(
          and(eq(telegramChats.parentId, parentId), isNull(telegramChats.chatId), lt(telegramChats.expiresAt, now)),
        );
      await db.insert(telegramChats).values({ parentId, codeHash, expiresAt });
    },

    /**
     * The chat `chatId` tied to the parent whose valid code this is. Answers the parent (their
     * language) or null when the code is unknown or expired; the chat tied already is kept once.
     */
    async useTelegramCode(codeHash: string, chatId: number, name: string, now: Date) {
      return db.transaction(async (tx) => {
        const [code] = await tx
          .select({ id: telegramChats.id, parentId: telegramChats.parentId })
          .from(telegramChats)
          .where(
            and(eq(telegramChats.codeHash, codeHash), isNull(telegramChats.chatId), gt(telegramChats.expiresAt, now)),
          )
          .for('update');
        if (!code) return null;
        const [same] = await tx
          .select({ id: telegramChats.id })
          .from(telegramChats)
          .where(and(eq(telegramChats.parentId, code.parentId), eq(telegramChats.chatId, chatId)));
        if (same) {
          await tx.delete(telegramChats).where(eq(telegramChats.id, code.id));
          await tx.update(telegramChats).set({ name }).where(eq(telegramChats.id, same.id));
        } else {
          await tx
            .update(telegramChats)
            .set({ chatId, name, codeHash: null, expiresAt: null })
            .where(eq(telegramChats.id, code.id));
        }
        const [parent] = await tx
          .select({ id: users.id, language: users.language })
          .from(users)
          .where(eq(users.id, code.parentId));
        return parent ?? null;
      });
    },

    /** Removes the parent's chat `id`; false if there is none such. What waits to go there is dropped. */
    async removeTelegramChat(tx: Db, parentId: number, id: number): Promise<boolean> {
      const gone = await tx
        .delete(telegramChats)
        .where(and(eq(telegramChats.id, id), eq(telegramChats.parentId, parentId), isNotNull(telegramChats.chatId)))
        .returning({ id: telegramChats.id });
      if (gone.length === 0) return false;
      await dropPendingTo(tx, id, 'telegram');
      return true;
    },

    /** Every parent's tie to the chat `chatId` (its person wrote /stop, or blocked the bot): removed. */
    async removeTelegramChatId(chatId: number) {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(telegramChats)
          .where(eq(telegramChats.chatId, chatId))
          .returning({ id: telegramChats.id });
        for (const g of gone) await dropPendingTo(tx, g.id, 'telegram');
      });
    },

    /**
     * Takes the reading of the bot's messages for `leaseMs` if no other instance holds it: answers
     * the next update's id, or null when another instance reads now.
     */
    async leaseTelegram(now: Date, leaseMs: number): Promise<number | null> {
      const [row] = await db
        .update(telegramState)
        .set({ leasedUntil: new Date(now.getTime() + leaseMs) })
        .where(and(eq(telegramState.id, 1), or(isNull(telegramState.leasedUntil), lte(telegramState.leasedUntil, now))))
        .returning({ next: telegramState.nextUpdate });
      return row ? Number(row.next) : null;
    },

    /** The reading done up to `next`; the lease let go. */
    async releaseTelegram(next: number) {
      await db.update(telegramState).set({ nextUpdate: next, leasedUntil: null }).where(eq(telegramState.id, 1));
    },

    async retryAt(id: number, at: Date, error: string) {
      await db.update(notificationDeliveries).set({ nextAt: at, error }).where(eq(notificationDeliveries.id, id));
    },
  };
}
