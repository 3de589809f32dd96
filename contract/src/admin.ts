import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { listOf, Ok } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { bodyId, newPassword, z } from './zod.ts';

/**
 * What the server has seen that the super admin should set right: `forwarded-untrusted`, requests
 * arrive through a proxy (`X-Forwarded-For`) while TRUST_PROXY is off; `disk-full`, the database
 * refused a write for want of disk space (until a write succeeds again); `disk-low`, the data
 * directory's disk has little free space left (while it has); `backup-old`, no backup has been
 * written for 48 hours (counted from the first organization's creation before the first);
 * `backup-failed`, the last nightly backup failed (`backup.failed_reason` says why);
 * `backup-same-disk`, the backups are written to the embedded database's own disk;
 * `backup-check-failed`, the weekly check could not restore the newest backup (`backup.check_error`).
 */
export const InstanceNotice = z.enum(['forwarded-untrusted', 'disk-full', 'disk-low']);
export type InstanceNotice = z.infer<typeof InstanceNotice>;
export const BackupNotice = z.enum(['backup-old', 'backup-failed', 'backup-same-disk', 'backup-check-failed']);
export type BackupNotice = z.infer<typeof BackupNotice>;
export const AdminNotice = z.enum([...InstanceNotice.options, ...BackupNotice.options]);
export type AdminNotice = z.infer<typeof AdminNotice>;

/** The super admin's dashboard (/admin): how much the whole system holds. */
export const AdminSummary = z.object({
  organizations: z.number().int(),
  schools: z.number().int(),
  /** Live users with a classroom. */
  pupils: z.number().int(),
  cards: z.number().int(),
  /** Visits whose day is today in their organization's time zone. */
  visits_today: z.number().int(),
  /** Mails kept in the outbox, not delivered (no `SMTP_URL`). */
  outbox_waiting: z.number().int(),
  /** What the instance that answered has seen to set right, each at most once. */
  notices: z.array(AdminNotice),
  /** The backups: the last one written, the last failure, where they go. */
  backup: z.object({
    last_at: z.string().nullable(),
    failed_at: z.string().nullable(),
    failed_reason: z.string().nullable(),
    /** The weekly check that the newest backup restores: when, and why it failed if it did. */
    checked_at: z.string().nullable(),
    check_error: z.string().nullable(),
    dir: z.string(),
  }),
});
export type AdminSummary = z.infer<typeof AdminSummary>;

/** The super admin sets another user's password (docs/product.md "Another user's password"). */
export const UserPasswordBody = z.object({
  id: bodyId(),
  password: newPassword(),
});
export type UserPasswordBody = z.infer<typeof UserPasswordBody>;

export const ADMIN_MESSAGES = withKazakh(
  {
    userNotFound: 'Пользователь не найден',
  } as const,
  { userNotFound: 'Пайдаланушы табылмады' },
);

/**
 * `GET /api/admin/outbox` (ours, the super admin only): every mail the server wrote, newest first.
 * Without `SMTP_URL` mails stay here, codes and links included: the only place they can be read.
 * `waiting` keeps the ones never delivered.
 */
export const OutboxQuery = z.object({
  query: z.string().trim().max(255).optional(),
  waiting: z.enum(['1', '0']).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Delivered to a mail server; false: kept here only. */
  sent: z.boolean(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;
export const OutboxList = listOf(OutboxMail);
export type OutboxList = z.infer<typeof OutboxList>;

const adminEndpoint = endpointsOf('admin');

export const ADMIN_ENDPOINTS = {
  summary: adminEndpoint('summary', {
    answer: AdminSummary,
    access: rolesFor('/admin'),
    summary: 'Панель супер администратора: организации, школы, ученики, карты, посещения за сегодня',
  }),
  outbox: adminEndpoint('outbox', {
    query: OutboxQuery,
    answer: OutboxList,
    access: rolesFor('/admin/outbox'),
    summary: 'Исходящие письма: все письма сервера, новые сверху; без SMTP_URL они ждут здесь',
  }),
};

export const USER_PASSWORD_ENDPOINTS = {
  set: endpointsOf('user-password')('set', {
    body: UserPasswordBody,
    answer: Ok,
    refusals: [404],
    access: rolesFor('/user/password/:id'),
    summary: 'Новый пароль другого пользователя: его сеансы завершаются',
  }),
};
