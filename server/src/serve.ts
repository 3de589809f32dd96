import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { lowFileLimit } from './platform/http/connections.ts';
import type { Config } from './platform/config.ts';
import { poolBusy, poolOf, type Database } from './platform/db/client.ts';
import { migrate } from './platform/db/migrate.ts';
import { ensureReferenceData } from './platform/db/reference-data.ts';
import { ensureFoodTable } from './platform/db/food-table.ts';
import { users } from './platform/db/schema-people.ts';
import { buildRealtimeServer } from './platform/realtime/ws-server.ts';
import { DEMO_PASSWORD, loadDemoData } from './demo/demo-data.ts';
import { createOverdueNotices } from './modules/book-loans/overdue-notices.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { startKeyPruning } from './platform/key-pruning.ts';
import { createSchoolsService } from './modules/schools/schools.service.ts';
import { createBackupSchedule } from './modules/backup/backup-schedule.ts';

/**
 * The server on an open database: its schema brought up to date, the demo data on a new one, the API
 * and the live lists listening, and a clean stop on SIGINT and SIGTERM.
 */
export async function serve(config: Config, database: Database, jwtSecret: string): Promise<void> {
  await migrate(database);
  await ensureReferenceData(database.db);
  await ensureFoodTable(database.db);
  const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(users);
  const demo = config.demoData && n === 0 ? await loadDemoData(database.db) : [];

  // Only the address: the app makes its connections from it (platform/redis.ts) and logs their state.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true }) : null;

  const { app, platform, drain } = await buildApp({ config, database, jwtSecret, redis });
  const files = lowFileLimit();
  if (files) app.log.warn(files);
  await app.listen({ port: config.port, host: config.host });
  // Every instance looks; the notices' unique key lets one of them send each.
  const stopNotices = createOverdueNotices(platform, createSchoolsService(platform)).start(app.log);
  // Every instance looks too; each event and delivery is claimed by one of them (SKIP LOCKED).
  const stopNotifications = createNotificationsService(platform).start(app.log);
  // Keys no retry can still use are forgotten (any instance may; the statements are idempotent).
  const stopPruning = startKeyPruning(database.db, platform.now, app.log);
  // The nightly backup: every instance looks (at the time set on the screen, else BACKUP_TIME; off
  // looks and does nothing), the day's unique key lets one of them write it.
  const stopBackups = createBackupSchedule({
    db: database.db,
    pool: poolOf(database.heavy).pool,
    dir: config.backupDir,
    time: config.backupTime,
    keep: config.backupKeep,
    now: platform.now,
    checkUrl: poolOf(database.heavy).url,
    busy: poolBusy(poolOf(database.db).pool),
  }).start(app.log);
  // Live lists have their own port (spec: 8088), so a flood of sockets never slows the API.
  const live = await buildRealtimeServer(platform.realtime, platform.tickets, platform.actors, platform.liveSockets);
  await live.listen({ port: config.wsPort, host: config.host });

  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  // One write: a reader of the output (a person, a script waiting for the address) gets it whole.
  const banner = [`\nTamaq: ${url}  (API: ${url}/api/docs)`];
  if (demo.length) {
    banner.push(`Демо-данные загружены. Пароль всех демо-пользователей: ${DEMO_PASSWORD}`);
    for (const login of demo) banner.push(`  ${login.email.padEnd(24)} ${login.role.padEnd(28)} ${login.note}`);
  }
  console.log(banner.join('\n'));

  // Ctrl+C in a terminal reaches both `npm start`'s script (which passes it on) and this process: the
  // second signal must not end the process while the database is being stopped, or its postmaster
  // stays behind. A signal 10 s into a stop that hangs ends it at once (the next start stops what is left).
  let stoppingSince = 0;
  const stop = async (signal: string) => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince > 10_000) process.exit(1);
      app.log.info(`${signal}: already stopping`);
      return;
    }
    stoppingSince = Date.now();
    app.log.info(`${signal}: stopping`);
    stopNotices();
    stopNotifications();
    stopPruning();
    // A restore check under way drops its throw-away database before the database closes.
    await stopBackups();
    await live.close();
    // Every request under way is answered before the database closes.
    await drain.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
