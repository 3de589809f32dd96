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
  /** Notices to parents that failed after their last try. */
  notifications_failed: z.number().int(),
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

/** A backup file's name as the server writes it: the UTC time it was taken. */
export const BACKUP_NAME = /^tamaq-\d{8}T\d{6}Z\.backup$/;
export const BackupName = z.string().trim().regex(BACKUP_NAME, 'Нет такой резервной копии');

/** The main tables' row counts in a backup file (read through once it is verified). */
export const BackupCounts = z.object({
  organizations: z.number().int(),
  schools: z.number().int(),
  users: z.number().int(),
  cards: z.number().int(),
  visits: z.number().int(),
  orders: z.number().int(),
  book_loans: z.number().int(),
});
export type BackupCounts = z.infer<typeof BackupCounts>;

/** One backup file of `BACKUP_DIR` (docs/rules.md "Backups"). */
export const BackupFile = z.object({
  name: z.string(),
  bytes: z.number().int(),
  /** When it was taken (the header's time; the name's when the header cannot be read). */
  created_at: z.string(),
  /** The product's version, the migration level and the PostgreSQL it was taken from (null: unreadable). */
  app_version: z.string().nullable(),
  migration: z.string().nullable(),
  postgres: z.string().nullable(),
  /**
   * Whether the file was read through and every table's row count and checksum matched (false: the
   * reason is `verify_error`); null: not read yet (copied into the folder, or taken before).
   */
  verified: z.boolean().nullable(),
  verified_at: z.string().nullable(),
  verify_error: z.string().nullable(),
  /** All rows, and the main tables' counts, known once verified. */
  rows: z.number().int().nullable(),
  counts: BackupCounts.nullable(),
});
export type BackupFile = z.infer<typeof BackupFile>;

/**
 * The backup being made or verified now on this server (one at a time): how far it has come, `done`
 * of `total` (tables written; bytes read), and how it ended.
 */
export const BackupJob = z.object({
  /** `restore`: `done` of `total` in hundredths (the file into a database of its own, the restore point, the swap). */
  kind: z.enum(['create', 'verify', 'restore']),
  status: z.enum(['running', 'done', 'failed']),
  /** The file it writes (known once written) or reads. */
  name: z.string().nullable(),
  done: z.number(),
  total: z.number(),
  rows: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type BackupJob = z.infer<typeof BackupJob>;

export const BackupList = z.object({
  /** Where the files are (BACKUP_DIR), and whether on the embedded database's own disk. */
  dir: z.string(),
  same_disk: z.boolean(),
  /** The nightly backup's time (null: off) and how many files it keeps. */
  time: z.string().nullable(),
  keep: z.number().int(),
  /** Newest first. */
  files: z.array(BackupFile),
  job: BackupJob.nullable(),
  /** What a restore would replace: the main counts now, and the name to type to confirm one. */
  live: z.object({
    confirm_name: z.string(),
    counts: z.object({
      organizations: z.number().int(),
      schools: z.number().int(),
      users: z.number().int(),
      visits: z.number().int(),
    }),
  }),
});
export type BackupList = z.infer<typeof BackupList>;

export const BackupVerifyBody = z.object({ name: BackupName });
export type BackupVerifyBody = z.infer<typeof BackupVerifyBody>;

/**
 * The nightly backup as the super admin sets it: its local time (the first organization's zone), or
 * null for off, and how many files it keeps. A value out of range is refused, never clamped.
 */
export const BackupSettings = z.object({
  time: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Время в виде ЧЧ:ММ, от 00:00 до 23:59')
    .nullable(),
  keep: z.number().int('Целое число').min(1, 'Не меньше 1').max(365, 'Не больше 365'),
});
export type BackupSettings = z.infer<typeof BackupSettings>;

/** The largest backup file the screen takes (a year of a large school is a few hundred megabytes). */
export const BACKUP_UPLOAD_MAX_BYTES = 4 * 1024 ** 3;
export const BACKUP_FIELD = 'file';
export const BackupUploadBody = z.object({
  file: z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'файл резервной копии' }),
});

/** A restore from the screen: the file of the folder, and the live organization's name typed to confirm. */
export const BackupRestoreBody = z.object({
  name: BackupName,
  confirm: z.string().trim().min(1, 'Введите название организации').max(255),
});
export type BackupRestoreBody = z.infer<typeof BackupRestoreBody>;

export const BACKUP_SCREEN_MESSAGES = withKazakh(
  {
    busy: 'Резервная копия уже создаётся, проверяется или восстанавливается: дождитесь её окончания',
    notFound: 'Нет такой резервной копии',
    confirm: (name: string) => `Подтверждение не совпало: введите «${name}» точно, как написано`,
    fileRequired: 'Выберите файл резервной копии',
    incomplete: 'Файл пришёл не целиком: отправьте его ещё раз',
    tooLarge: 'Файл больше 4 ГБ: это не резервная копия Tamaq',
  } as const,
  {
    busy: 'Сақтық көшірме жасалып, тексеріліп не қалпына келтіріліп жатыр: аяқталуын күтіңіз',
    notFound: 'Мұндай сақтық көшірме жоқ',
    confirm: (name: string) => `Растау сәйкес келмеді: «${name}» дәл жазылғандай енгізіңіз`,
    fileRequired: 'Сақтық көшірме файлын таңдаңыз',
    incomplete: 'Файл толық келмеді: оны қайта жіберіңіз',
    tooLarge: 'Файл 4 ГБ-тан үлкен: бұл Tamaq сақтық көшірмесі емес',
  },
);

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
  backups: adminEndpoint('backups', {
    answer: BackupList,
    access: rolesFor('/admin/backups'),
    summary: 'Резервные копии: файлы папки BACKUP_DIR, новые сверху, и копия, что создаётся сейчас',
  }),
  backupCreate: adminEndpoint('backupCreate', {
    answer: BackupJob,
    refusals: [409],
    access: rolesFor('/admin/backups'),
    summary: 'Создать резервную копию сейчас: начинает её и отвечает сразу; ход виден в списке',
  }),
  backupVerify: adminEndpoint('backupVerify', {
    body: BackupVerifyBody,
    answer: BackupJob,
    refusals: [404, 409],
    access: rolesFor('/admin/backups'),
    summary: 'Проверить файл резервной копии: прочитать целиком и сверить число строк и контрольные суммы',
  }),
  backupRestore: adminEndpoint('backupRestore', {
    body: BackupRestoreBody,
    answer: BackupJob,
    refusals: [404, 409],
    access: rolesFor('/admin/backups'),
    summary:
      'Восстановить данные из файла папки: сначала в отдельную базу с проверкой, затем точка восстановления, затем замена; начинает и отвечает сразу',
  }),
  backupUpload: adminEndpoint('backupUpload', {
    body: BackupUploadBody,
    multipart: true,
    answer: BackupFile,
    refusals: [413],
    access: rolesFor('/admin/backups'),
    summary:
      'Загрузить файл резервной копии в папку: он читается целиком и проверяется; файл другой программы, обрезанный или изменённый не принимается',
  }),
  backupSettings: adminEndpoint('backupSettings', {
    body: BackupSettings,
    answer: BackupSettings,
    access: rolesFor('/admin/backups'),
    summary: 'Время ночной резервной копии (или выключить) и сколько копий хранить',
    example: { time: '02:00', keep: 14 },
  }),
  backupFile: adminEndpoint('backupFile', {
    params: z.object({ name: BackupName }),
    file: { type: 'application/octet-stream', description: 'Файл резервной копии (gzip)' },
    refusals: [404],
    access: rolesFor('/admin/backups'),
    summary: 'Скачать файл резервной копии',
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
