import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import webpush from 'web-push';
import { loadConfig, PUSH_SERVICES, type Config } from '../src/platform/config.ts';
import type { Platform } from '../src/platform/platform.ts';
import { createMailer } from '../src/platform/mail.ts';
import { openTestDatabase } from './test-db.ts';
import { startTestSmtp } from '../../tools/test-smtp.ts';
import { installationKey } from '../src/platform/db/installation.ts';
import { installation } from '../src/platform/db/schema.ts';
import { fromPostgresUrl } from '../src/platform/db/client.ts';
import { buildRealtimeServer } from '../src/platform/realtime/ws-server.ts';

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
  /** A stop as the server's: the requests under way answered, then the app closed. */
  drain: { close(ms?: number): Promise<void> };
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
    /** How long a new connection may wait before its first request (the app's 10 s). */
    idleConnectionMs?: number;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  if (opts.instanceOf) {
    const key = await installationKey(opts.instanceOf.db);
    await database.db.update(installation).set({ key });
  }
  const smtp = await startTestSmtp();
  // Backups a test makes (the screen's, a call of every endpoint) go to a folder of its own, never into the repo.
  const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-test-backups-'));
  const config: Config = {
    ...loadConfig({}),
    smtpUrl: smtp.url,
    demoData: false,
    logLevel: 'silent',
    backupDir: backups,
    // A pair of its own (never DATA_DIR's), and the local push services tests stand up.
    vapid: webpush.generateVAPIDKeys(),
    pushServices: [...PUSH_SERVICES, 'http://127.0.0.1:*'],
    ...overrides,
  };
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
  const { app, platform, drain } = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    mailer,
    now: () => clock.now,
    logger: false,
    redis: opts.redis ?? null,
    idleConnectionMs: opts.idleConnectionMs,
  });
  await app.ready();
  return {
    app,
    platform,
    drain,
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
      fs.rmSync(backups, { recursive: true, force: true });
    },
  };
}

/**
 * A second instance of the deployment `a` is: its own app on `a`'s database (a pool of its own), on
 * the given Redis, with `a`'s clock, and its websocket port listening. Closing it leaves `a` open.
 */
export async function createInstanceBeside(a: TestContext, opts: { redis: Redis | null }) {
  const database = fromPostgresUrl(a.databaseUrl, 5);
  const config: Config = {
    ...loadConfig({}),
    smtpUrl: a.smtp.url,
    demoData: false,
    logLevel: 'silent',
    backupDir: a.platform.config.backupDir,
    vapid: a.platform.config.vapid,
    pushServices: a.platform.config.pushServices,
  };
  const { app, platform } = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: console as never }),
    now: () => a.clock.now,
    logger: false,
    redis: opts.redis,
  });
  await app.ready();
  const ws = await buildRealtimeServer(platform.realtime, platform.tickets, platform.actors);
  await ws.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    platform,
    ws,
    wsPort: (ws.server.address() as AddressInfo).port,
    call({ token, headers, ...rest }: InjectOptions & { token?: string }) {
      return app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    async close() {
      await ws.close();
      await app.close();
      await database.close();
    },
  };
}
