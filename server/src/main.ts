import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { fromPostgresUrl, openEmbeddedPostgres, type Database } from './platform/db/client.ts';
import { EmbeddedPostgresError } from './platform/db/embedded-postgres.ts';
import { SERVER_ROOT } from './platform/paths.ts';
import { DataDirLockedError, lockDataDir } from './platform/db/data-dir-lock.ts';
import { migrate } from './platform/db/migrate.ts';
import { ensureReferenceData } from './platform/db/reference-data.ts';
import { users } from './platform/db/schema-people.ts';
import { embeddedJwtSecret } from './platform/secret.ts';
import { buildRealtimeServer } from './platform/realtime/ws-server.ts';
import { DEMO_PASSWORD, loadDemoData } from './demo/demo-data.ts';
import { createOverdueNotices } from './modules/book-loans/overdue-notices.ts';
import { startKeyPruning } from './platform/key-pruning.ts';
import { createSchoolsService } from './modules/schools/schools.service.ts';
import fs from 'node:fs';
import path from 'node:path';

/** A data directory of the earlier embedded database, not yet copied into the PostgreSQL server. */
const holdsPgliteData = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION')) &&
  !fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

async function main() {
  const config = (() => {
    try {
      return loadConfig();
    } catch (err) {
      return fail(err instanceof ConfigError ? err.message : String(err));
    }
  })();
  config.webDist ??= path.resolve(SERVER_ROOT, '../web/dist');

  let database: Database;
  let jwtSecret: string;
  if (config.databaseUrl) {
    database = fromPostgresUrl(config.databaseUrl);
    jwtSecret = config.jwtSecret!;
  } else {
    try {
      lockDataDir(config.dataDir);
    } catch (err) {
      return fail(err instanceof DataDirLockedError ? err.message : String(err));
    }
    if (holdsPgliteData(config.dataDir)) {
      return fail(
        `В каталоге данных ${config.dataDir} база прежнего формата (PGlite). Сервер теперь работает на встроенном ` +
          'PostgreSQL: перенесите в него данные командой «npm run import-pglite» (с тем же DATA_DIR), затем снова «npm start».',
      );
    }
    database = await openEmbeddedPostgres(config.dataDir, (line) => console.log(line)).catch((err) =>
      fail(err instanceof EmbeddedPostgresError ? err.message : String(err)),
    );
    jwtSecret = config.jwtSecret ?? embeddedJwtSecret(config.dataDir);
  }

  await migrate(database);
  await ensureReferenceData(database.db);
  const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(users);
  const demo = config.demoData && n === 0 ? await loadDemoData(database.db) : [];

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  redis?.on('error', (err) => console.error(`Redis: ${err.message}`));

  const { app, platform } = await buildApp({ config, database, jwtSecret, redis });
  await app.listen({ port: config.port, host: config.host });
  // Every instance looks; the notices' unique key lets one of them send each.
  const stopNotices = createOverdueNotices(platform, createSchoolsService(platform)).start(app.log);
  // Keys no retry can still use are forgotten (any instance may; the statements are idempotent).
  const stopPruning = startKeyPruning(database.db, platform.now, app.log);
  // Live lists have their own port (spec: 8088), so a flood of sockets never slows the API.
  const live = await buildRealtimeServer(platform.realtime, platform.tickets, platform.actors);
  await live.listen({ port: config.wsPort, host: config.host });

  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  // One write: a reader of the output (a person, a script waiting for the address) gets it whole.
  const banner = [`\nTamaq: ${url}  (API: ${url}/api/docs)`];
  if (demo.length) {
    banner.push(`Демо-данные загружены. Пароль всех демо-пользователей: ${DEMO_PASSWORD}`);
    for (const login of demo) banner.push(`  ${login.email.padEnd(24)} ${login.role.padEnd(28)} ${login.note}`);
  }
  console.log(banner.join('\n'));

  const stop = async (signal: string) => {
    app.log.info(`${signal}: stopping`);
    stopNotices();
    stopPruning();
    await live.close();
    await app.close();
    await redis?.quit().catch(() => {});
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
