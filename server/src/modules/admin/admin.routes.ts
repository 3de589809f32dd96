import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createAdminRepository } from './admin.repository.ts';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BACKUP_FIELD, BACKUP_SCREEN_MESSAGES, BACKUP_UPLOAD_MAX_BYTES } from '@tamaq/contract/admin';
import { ERROR_CODES } from '@tamaq/contract/errors';
import { translate } from '@tamaq/contract/languages';
import { requestLanguage } from '../../platform/http/answer-language.ts';
import { FILE_LINK } from '../../platform/auth/guard.ts';
import { poolBusy, poolOf } from '../../platform/db/client.ts';
import { conflict, HttpError, notFound, ValidationError } from '../../platform/http/errors.ts';
import { liveState } from '../backup/restore-live.ts';
import { backupState, onDataDisk } from '../backup/backup-state.ts';
import { listBackups, receiveBackup } from '../backup/backup-files.ts';
import { createBackupSettings } from '../backup/backup-settings.ts';
import { BackupBusyError, createBackupJobs } from '../backup/backup-jobs.ts';

/** How old the list's counts of the live data may be. */
const LIVE_COUNTS_MS = 60_000;

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const repo = createAdminRepository(platform.db);
  const e = ENDPOINTS.admin;
  bindEndpoint(app, e.summary, async (request) => {
    const backups = await backupState(platform.db, platform.config, platform.now());
    // Why the night's backup or the weekly check failed, in the reader's language (ours are declared so).
    const say = (text: string | null) => text && translate(text, requestLanguage(request));
    const { backup } = backups;
    return {
      ...(await repo.summary(platform.now())),
      notices: [...platform.notices.list(), ...backups.notices],
      backup: { ...backup, failed_reason: say(backup.failed_reason), check_error: say(backup.check_error) },
    };
  });
  bindEndpoint(app, e.outbox, (request) => repo.outbox(request.query));

  // Backups from the screen: made through the heavy pool (low priority beside the queue), one at a time.
  const { config } = platform;
  const heavy = poolOf(platform.database.heavy);
  const jobs = createBackupJobs({
    pool: heavy.pool,
    liveUrl: heavy.url,
    dir: config.backupDir,
    now: platform.now,
    // A backup waits while the queue's requests are at the database (the main pool).
    busy: poolBusy(poolOf(platform.database.db).pool),
    // Users and sessions read before the restore (their ids may now be someone else's) are read again.
    onRestored: () => {
      platform.actors.forgetAll();
      platform.sessions.forgetAll();
    },
  });
  app.addHook('onClose', async () => jobs.settled());
  const busy = <T>(start: () => T): T => {
    try {
      return start();
    } catch (err) {
      if (err instanceof BackupBusyError) throw conflict(BACKUP_SCREEN_MESSAGES.busy);
      throw err;
    }
  };
  /** A file of the folder by its name (the contract allows only backup names: no path can be named). */
  const fileOf = (name: string) => {
    const file = path.join(config.backupDir, name);
    if (!fs.existsSync(file)) throw notFound(BACKUP_SCREEN_MESSAGES.notFound);
    return file;
  };
  const schedule = createBackupSettings(platform.db, config);
  /** What a restore would replace, and the name to type (asked of the live database as it is now). */
  const live = async () => {
    const state = await liveState(heavy.url!);
    return { confirm_name: state.confirmName, counts: state.counts };
  };
  // The list is asked for each second while a backup runs, and counting 10 million visits took a
  // core for half a second each time (the scans' p99 rose to 110 ms): the counts are a minute old at most.
  let shown: { at: number; value: Promise<Awaited<ReturnType<typeof live>>> } | null = null;
  const recentLive = () => {
    const at = platform.now().getTime();
    // A restore that ended since replaced what was counted.
    const job = jobs.current();
    const restored =
      job?.kind === 'restore' && job.finished_at !== null && Date.parse(job.finished_at) >= (shown?.at ?? 0);
    if (!shown || restored || at - shown.at > LIVE_COUNTS_MS || at < shown.at) {
      const value = live();
      shown = { at, value };
      value.catch(() => (shown = null));
    }
    return shown.value;
  };
  bindEndpoint(app, e.backups, async (request) => {
    // Why a job or a file failed, in the reader's language (ours are declared with their Kazakh).
    const say = (text: string | null) => text && translate(text, requestLanguage(request));
    const job = jobs.current();
    return {
      dir: config.backupDir,
      same_disk: onDataDisk(config),
      ...(await schedule.current()),
      files: (await listBackups(config.backupDir)).map((f) => ({ ...f, verify_error: say(f.verify_error) })),
      job: job && { ...job, error: say(job.error) },
      live: await recentLive(),
    };
  });
  bindEndpoint(app, e.backupSettings, (request) => schedule.save(request.body, platform.now()));
  bindEndpoint(app, e.backupCreate, () => busy(() => jobs.create()));
  bindEndpoint(app, e.backupVerify, (request) => {
    const file = fileOf(request.body.name);
    return busy(() => jobs.verify(path.basename(file)));
  });
  bindEndpoint(app, e.backupRestore, async (request) => {
    const file = fileOf(request.body.name);
    const { confirm_name } = await live();
    if (request.body.confirm !== confirm_name)
      throw ValidationError.field('confirm', BACKUP_SCREEN_MESSAGES.confirm(confirm_name));
    return busy(() => jobs.restore(path.basename(file)));
  });
  bindEndpoint(app, e.backupUpload, async (request) => {
    if (!request.isMultipart()) throw ValidationError.field(BACKUP_FIELD, BACKUP_SCREEN_MESSAGES.fileRequired);
    return receiveBackup(config.backupDir, platform.now, async (into) => {
      let got = false;
      try {
        for await (const part of request.parts({ limits: { fileSize: BACKUP_UPLOAD_MAX_BYTES, files: 1 } })) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== BACKUP_FIELD || got) {
            part.file.resume();
            continue;
          }
          await pipeline(part.file, into());
          if (part.file.truncated)
            throw new HttpError(413, ERROR_CODES.payloadTooLarge, BACKUP_SCREEN_MESSAGES.tooLarge);
          got = true;
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, ERROR_CODES.payloadTooLarge, BACKUP_SCREEN_MESSAGES.tooLarge);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw ValidationError.field(BACKUP_FIELD, BACKUP_SCREEN_MESSAGES.fileRequired);
        }
        throw ValidationError.field(BACKUP_FIELD, BACKUP_SCREEN_MESSAGES.incomplete);
      }
      if (!got) throw ValidationError.field(BACKUP_FIELD, BACKUP_SCREEN_MESSAGES.fileRequired);
    });
  });
  bindEndpoint(
    app,
    e.backupFile,
    (request, reply) => {
      const file = fileOf(request.params.name);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('content-length', fs.statSync(file).size)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(file));
    },
    { tokenInQuery: FILE_LINK },
  );
};
