import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { BrandKey } from '@tamaq/contract/brand';

/** The server's configuration, read from the environment only and checked once at start. */
export interface Config {
  port: number;
  wsPort: number;
  /**
   * The port the pages open the live socket on (`/ws`, served on PORT and on WS_PORT): LIVE_PORT, else
   * PUBLIC_URL's when it is set (a proxy in front passes `/ws` on with the pages), else WS_PORT.
   */
  livePort: number;
  host: string;
  dataDir: string;
  /** Where backups are written and looked for: BACKUP_DIR, else DATA_DIR/backups. */
  backupDir: string;
  /** The nightly backup's local time (BACKUP_TIME, 02:00), or null (off). */
  backupTime: string | null;
  /** How many backup files the schedule keeps (BACKUP_KEEP, 14). */
  backupKeep: number;
  databaseUrl: string | null;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string | null;
  publicUrl: string;
  brands: Record<string, BrandKey>;
  webDist: string | null;
  logLevel: string;
  /** Demo data on a new embedded database (off in tests and with DATABASE_URL). */
  demoData: boolean;
  /**
   * Fastify's `trustProxy`: which peers may tell the client's address in X-Forwarded-For (a hop
   * count or their addresses). Off by default, or anyone could pick the address rate limits count.
   */
  trustProxy: boolean | number | string[];
  /** Bearer token `/metrics` requires; without one it answers the loopback only. */
  metricsToken: string | null;
  /** The VAPID key pair push notices are signed with (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), else made into DATA_DIR. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** Who the push services may write to about our notices (VAPID_SUBJECT, else MAIL_FROM's address). */
  vapidSubject: string;
  /** The push services a browser's subscription may point at (PUSH_SERVICES): origins, `*.` for any subdomain. */
  pushServices: string[];
  /** The Telegram bot parents' notices go through (TELEGRAM_BOT_TOKEN), or null: no Telegram. */
  telegramToken: string | null;
  /** The Bot API's address (TELEGRAM_API_URL; a local Bot API server, or a test's stand-in). */
  telegramApiUrl: string;
}

/** The browsers' push services (Chrome, Firefox, Edge, Safari): a subscription elsewhere is refused. */
export const PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://*.push.apple.com',
];

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Неверная конфигурация:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const port = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      // Number() would also take ' 80', '0x50' and '1e3'.
      if (!/^\d{1,5}$/.test(v) || Number(v) > 65535) {
        ctx.addIssue({ code: 'custom', message: `${name} должен быть номером порта 0–65535, получено «${v}»` });
        return z.NEVER;
      }
      return Number(v);
    });

/**
 * A mistyped URL as the messages show it, which go to the console and logs: the password (and the
 * query, which may carry one too) is blanked, and a value that is not a URL at all is not shown,
 * since nothing tells where a password in it would be.
 */
const hidePassword = (v: string): string | null => {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return null;
  }
  // Without a host (`postgres:user:pw@db`) the whole rest is an opaque path that may hold a password.
  if (!u.host) return null;
  const user = u.username || u.password ? `${u.username}${u.password ? ':***' : ''}@` : '';
  const rest = `${u.pathname === '/' ? '' : u.pathname}${u.search ? '?…' : ''}`;
  return `${u.protocol}//${user}${u.host}${rest}`;
};

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null;
      try {
        const u = new URL(v);
        // `smtp:user:pw@host` parses too, as an opaque path without a host.
        if (!protocols.includes(u.protocol) || !u.href.startsWith(`${u.protocol}//`)) throw new Error();
        return v;
      } catch {
        const shown = hidePassword(v);
        ctx.addIssue({
          code: 'custom',
          message:
            `${name} должен быть адресом вида ${protocols.map((p) => `${p}//…`).join(' или ')}, ` +
            (shown === null
              ? 'получено не адрес (значение не показано: в нём может быть пароль)'
              : `получено «${shown}»`),
        });
        return z.NEVER;
      }
    });

const brands = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return {} as Record<string, BrandKey>;
    const out: Record<string, BrandKey> = {};
    for (const pair of v.split(',')) {
      const parts = pair.split('=').map((s) => s.trim());
      const [host, key] = parts;
      const parsed = BrandKey.safeParse(key);
      if (parts.length !== 2 || !host || !parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: `BRANDS: ожидается «хост=бренд» через запятую (бренды: ${BrandKey.options.join(', ')}), получено «${pair}»`,
        });
        return z.NEVER;
      }
      // The brand is looked up by the host name alone, so a host with a port would never match.
      if (host.includes(':')) {
        ctx.addIssue({
          code: 'custom',
          message: `BRANDS: укажите имя хоста без порта: «${host.split(':')[0]}=${key}» вместо «${pair.trim()}»`,
        });
        return z.NEVER;
      }
      out[host.toLowerCase()] = parsed.data;
    }
    return out;
  });

/** An IP address or a CIDR subnet, as Fastify's `trustProxy` list takes them. */
const isAddressOrSubnet = (s: string) => {
  const [ip = '', bits, ...rest] = s.split('/');
  const family = net.isIP(ip);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    const value = v?.trim() ?? '';
    if (value === '') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const list = value.split(',').map((s) => s.trim());
      if (list.every(isAddressOrSubnet)) return list;
    }
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY: ожидается число прокси перед сервером (1–10) или их адреса и подсети через запятую (10.0.0.5, 10.0.0.0/8), получено «${v}»`,
    });
    return z.NEVER;
  });

/** A secret given in the environment: blank means unset; spaces around it do not count toward its length. */
const secret = (name: string, min: number) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.trim().length >= min, {
      message: `${name} должен быть не короче ${min} символов`,
    });

const Env = z.object({
  PORT: port('PORT', 8080),
  WS_PORT: port('WS_PORT', 8088),
  LIVE_PORT: port('LIVE_PORT', 0),
  HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_TIME: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), {
      message: 'BACKUP_TIME: ожидается время ЧЧ:ММ (например 02:00) или off',
    }),
  BACKUP_KEEP: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 365), {
      message: 'BACKUP_KEEP: ожидается число копий от 1 до 365',
    }),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: z.string().optional(),
  JWT_SECRET: secret('JWT_SECRET', 32),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
  BRANDS: brands,
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: trustProxy,
  METRICS_TOKEN: secret('METRICS_TOKEN', 16),
  VAPID_PUBLIC_KEY: z
    .string()
    .optional()
    .refine((v) => !v || /^[A-Za-z0-9_-]{87}$/.test(v.trim()), {
      message:
        'VAPID_PUBLIC_KEY: ожидается открытый ключ P-256 в base64url (87 символов), как его даёт npx web-push generate-vapid-keys',
    }),
  VAPID_PRIVATE_KEY: z
    .string()
    .optional()
    .refine((v) => !v || /^[A-Za-z0-9_-]{43}$/.test(v.trim()), {
      message:
        'VAPID_PRIVATE_KEY: ожидается закрытый ключ P-256 в base64url (43 символа), как его даёт npx web-push generate-vapid-keys',
    }),
  VAPID_SUBJECT: z
    .string()
    .optional()
    .refine((v) => !v || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v.trim()), {
      message:
        'VAPID_SUBJECT: ожидается mailto:адрес или https://адрес, по которому службы уведомлений могут написать вам',
    }),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .optional()
    .refine((v) => !v || /^\d{5,}:[A-Za-z0-9_-]{30,}$/.test(v.trim()), {
      message: 'TELEGRAM_BOT_TOKEN: ожидается токен бота, как его даёт @BotFather (123456789:AA…)',
    }),
  TELEGRAM_API_URL: url('TELEGRAM_API_URL', ['http:', 'https:']),
  PUSH_SERVICES: z
    .string()
    .optional()
    .refine((v) => !v || v.split(',').every((o) => /^https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?$/i.test(o.trim())), {
      message:
        'PUSH_SERVICES: ожидаются адреса служб уведомлений через запятую (https://fcm.googleapis.com, https://*.push.apple.com)',
    }),
});

/** A URL's port, or its scheme's own. */
const portOf = (url: string) => {
  const u = new URL(url);
  return u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    // Our own messages name their variable; zod's generic ones (LOG_LEVEL's enum) get it in front.
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? '');
        return name && !i.message.startsWith(name) ? `${name}: ${i.message}` : i.message;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    problems.push(
      'JWT_SECRET обязателен вместе с DATABASE_URL: все экземпляры сервера должны подписывать токены одним ключом',
    );
  }
  // Both 0 asks the system for two free ports (tests do it); any other equal pair cannot both listen.
  if (e.WS_PORT === e.PORT && e.PORT !== 0) {
    problems.push(`WS_PORT совпадает с PORT (${e.PORT}): веб-сокетам нужен свой порт, укажите другой WS_PORT`);
  }
  if (!e.VAPID_PUBLIC_KEY?.trim() !== !e.VAPID_PRIVATE_KEY?.trim()) {
    problems.push('VAPID_PUBLIC_KEY и VAPID_PRIVATE_KEY задаются вместе: это пара ключей');
  }
  if (problems.length) throw new ConfigError(problems);
  const port = e.PORT;
  const mailFrom = e.MAIL_FROM || 'Tamaq <no-reply@tamaq.kz>';
  return {
    port,
    wsPort: e.WS_PORT,
    livePort: e.LIVE_PORT || (e.PUBLIC_URL ? portOf(e.PUBLIC_URL) : e.WS_PORT),
    // Every interface only when HOST says so: a port open to the school's network lets any pupil's
    // device reach the instance past its proxy.
    host: e.HOST || '127.0.0.1',
    dataDir: path.resolve(cwd, e.DATA_DIR || 'data'),
    backupDir: e.BACKUP_DIR
      ? path.resolve(cwd, e.BACKUP_DIR)
      : path.join(path.resolve(cwd, e.DATA_DIR || 'data'), 'backups'),
    backupTime: e.BACKUP_TIME === 'off' ? null : e.BACKUP_TIME || '02:00',
    backupKeep: e.BACKUP_KEEP ? Number(e.BACKUP_KEEP) : 14,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom,
    jwtSecret: e.JWT_SECRET || null,
    publicUrl: (e.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    brands: e.BRANDS,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : null,
    logLevel: e.LOG_LEVEL || 'info',
    demoData: !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    // A header cannot carry spaces around the token, so neither does the token.
    metricsToken: e.METRICS_TOKEN?.trim() || null,
    vapid:
      e.VAPID_PUBLIC_KEY?.trim() && e.VAPID_PRIVATE_KEY?.trim()
        ? { publicKey: e.VAPID_PUBLIC_KEY.trim(), privateKey: e.VAPID_PRIVATE_KEY.trim() }
        : null,
    vapidSubject: e.VAPID_SUBJECT?.trim() || `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`,
    telegramToken: e.TELEGRAM_BOT_TOKEN?.trim() || null,
    telegramApiUrl: (e.TELEGRAM_API_URL || 'https://api.telegram.org').replace(/\/$/, ''),
    pushServices: e.PUSH_SERVICES ? e.PUSH_SERVICES.split(',').map((o) => o.trim().toLowerCase()) : PUSH_SERVICES,
  };
}
