import path from 'node:path';
import { z } from 'zod';
import { BrandKey } from '@tamaq/contract/brand';

/** The server's configuration, read from the environment only and checked once at start. */
export interface Config {
  port: number;
  wsPort: number;
  host: string;
  dataDir: string;
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
}

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
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) {
        ctx.addIssue({ code: 'custom', message: `${name} должен быть номером порта 0–65535, получено «${v}»` });
        return z.NEVER;
      }
      return n;
    });

/** The message goes to the console and logs: a password in a mistyped URL must not. */
const hidePassword = (v: string) => v.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null;
      try {
        const u = new URL(v);
        if (!protocols.includes(u.protocol)) throw new Error();
        return v;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `${name} должен быть адресом вида ${protocols.map((p) => `${p}//…`).join(' или ')}, получено «${hidePassword(v)}»`,
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
      const [host, key] = pair.split('=').map((s) => s.trim());
      const parsed = BrandKey.safeParse(key);
      if (!host || !parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: `BRANDS: ожидается «хост=бренд» через запятую (бренды: ${BrandKey.options.join(', ')}), получено «${pair}»`,
        });
        return z.NEVER;
      }
      out[host.toLowerCase()] = parsed.data;
    }
    return out;
  });

const Env = z.object({
  PORT: port('PORT', 8080),
  WS_PORT: port('WS_PORT', 8088),
  HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: z.string().optional(),
  JWT_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 32, {
      message: 'JWT_SECRET должен быть не короче 32 символов',
    }),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
  BRANDS: brands,
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

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
  if (problems.length) throw new ConfigError(problems);
  const port = e.PORT;
  return {
    port,
    wsPort: e.WS_PORT,
    host: e.HOST || (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(cwd, e.DATA_DIR || 'data'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM || 'Tamaq <no-reply@tamaq.kz>',
    jwtSecret: e.JWT_SECRET || null,
    publicUrl: (e.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    brands: e.BRANDS,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : null,
    logLevel: e.LOG_LEVEL || 'info',
    demoData: !e.DATABASE_URL,
  };
}
