import type { Redis } from 'ioredis';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import type { Platform } from '../src/platform/platform.ts';
import { createMailer } from '../src/platform/mail.ts';
import { openTestDatabase } from './test-db.ts';
import { startTestSmtp } from '../../tools/test-smtp.ts';
import { installationKey } from '../src/platform/db/installation.ts';
import { installation } from '../src/platform/db/schema.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestContext {
  app: FastifyInstance;
  platform: Platform;
  db: Platform['db'];
  /** The database's address: a second instance opens its own pool on it. */
  databaseUrl: string;
  smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  /** The test's clock: move it with `clock.advance(ms)` or set `clock.now`. */
  clock: { now: Date; advance(ms: number): void };
  /** `app.inject` with a bearer token when one is given. */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real app on a fresh database of its own, with a real SMTP server; one per test file. */
export async function createTestContext(
  overrides: Partial<Config> = {},
  opts: {
    redis?: Redis;
    /** Another instance of the same deployment: this one's database takes its installation key. */
    instanceOf?: TestContext;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  if (opts.instanceOf) {
    const key = await installationKey(opts.instanceOf.db);
    await database.db.update(installation).set({ key });
  }
  const smtp = await startTestSmtp();
  const config: Config = { ...loadConfig({}), smtpUrl: smtp.url, demoData: false, logLevel: 'silent', ...overrides };
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db: database.db,
    log: console as never,
  });
  const { app, platform } = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    mailer,
    now: () => clock.now,
    logger: false,
    redis: opts.redis ?? null,
  });
  await app.ready();
  return {
    app,
    platform,
    db: database.db,
    databaseUrl: database.url,
    smtp,
    clock,
    call({ token, headers, ...rest }) {
      return app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}
