import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreLinks, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';
// Ended and not yet reaped counts as gone: init reaps a killed Node's postmaster when it gets to it.
import { alive } from './data-dir-lock.ts';

const MODULE = fileURLToPath(new URL('./embedded-postgres.ts', import.meta.url));
const dirs: string[] = [];
const newDir = (name = 'data') => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-epg-'));
  dirs.push(dir);
  return path.join(dir, name);
};
const running: EmbeddedPostgres[] = [];
afterAll(async () => {
  for (const server of running) await server.stop().catch(() => {});
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const start = async (dataDir: string) => {
  const server = await startEmbeddedPostgres(dataDir);
  running.push(server);
  return server;
};

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}
const show = async (url: string, name: string) => (await query<Record<string, string>>(url, `show ${name}`))[0]![name];

/** Every file under `dir` with an owner other than this process's user. */
function foreignFiles(dir: string): string[] {
  const uid = process.getuid!();
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (stat && stat.uid !== uid) out.push(file);
  }
  return out;
}

/**
 * A Node process that starts the server of `dataDir`, records a row and waits to be killed: what
 * `npm start` is when the machine's power button or an OOM killer takes it.
 */
function nodeThatStarts(dataDir: string): Promise<{ node: ReturnType<typeof spawn>; postmaster: number }> {
  const code = `
    import { startEmbeddedPostgres } from ${JSON.stringify(MODULE)};
    import pg from 'pg';
    const server = await startEmbeddedPostgres(process.env.DIR);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query('create table if not exists answered (n int)');
    await client.query('insert into answered values (1)');
    await client.end();
    console.log('postmaster ' + server.pid);
    setInterval(() => {}, 1000);`;
  const node = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    env: { ...process.env, DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    node.stdout!.on('data', (d) => {
      out += d;
      const m = /postmaster (\d+)/.exec(out);
      if (m) resolve({ node, postmaster: Number(m[1]) });
    });
    node.stderr!.on('data', (d) => (out += d));
    node.once('exit', () => reject(new Error(`the server process ended:\n${out}`)));
  });
}

// Once, in the pass on the embedded server: the servers it starts are its own either way.
describe.runIf(process.env.TEST_EMBEDDED)('the embedded PostgreSQL server', () => {
  it('is created on first start, durable, reachable only through a socket inside DATA_DIR', async () => {
    const dataDir = newDir();
    const server = await start(dataDir);
    expect(await show(server.url, 'server_version')).toMatch(/^18\./);
    expect(await show(server.url, 'listen_addresses')).toBe('');
    expect(await show(server.url, 'unix_socket_directories')).toBe(dataDir);
    expect(await show(server.url, 'fsync')).toBe('on');
    expect(await show(server.url, 'synchronous_commit')).toBe('on');
    expect(await show(server.url, 'password_encryption')).toBe('scram-sha-256');
    // Search needs pg_trgm, and it must see Cyrillic letters as letters.
    await query(server.url, 'create extension if not exists pg_trgm');
    const [row] = await query<{ similarity: number }>(server.url, "select similarity('Абай', 'Абаи')");
    expect(row!.similarity).toBeGreaterThan(0.3);
    // A wrong password is refused.
    await expect(query(server.url.replace(/:[^:@/]+@/, ':wrong@'), 'select 1')).rejects.toThrow(/password/);
    expect(foreignFiles(path.dirname(dataDir))).toEqual([]);

    await server.stop();
    expect(alive(server.pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 60_000);

  it('after its Node process is killed, the next start stops the postmaster that outlived it', async () => {
    const dataDir = newDir();
    const { node, postmaster } = await nodeThatStarts(dataDir);
    node.kill('SIGKILL');
    await new Promise((r) => node.once('exit', r));
    expect(alive(postmaster)).toBe(true);

    const server = await start(dataDir);
    expect(server.pid).not.toBe(postmaster);
    expect(alive(postmaster)).toBe(false);
    expect(await query(server.url, 'select n from answered')).toEqual([{ n: 1 }]);
    await server.stop();
  }, 60_000);

  it('starts the postmaster again when it is killed under a running server, with every answered row', async () => {
    const dataDir = newDir();
    const server = await start(dataDir);
    await query(server.url, 'create table answered (n int); insert into answered select generate_series(1, 100)');
    const killed = server.pid;
    process.kill(killed, 'SIGKILL');
    await expect
      .poll(() => query<{ n: number }>(server.url, 'select count(*)::int as n from answered').catch(() => []), {
        timeout: 30_000,
      })
      .toEqual([{ n: 100 }]);
    expect(server.pid).not.toBe(killed);
    expect(alive(killed)).toBe(false);
    await server.stop();
    expect(alive(server.pid)).toBe(false);
  }, 60_000);

  it('starts over a pid file whose number now belongs to another process, which lives on', async () => {
    const dataDir = newDir();
    await (await start(dataDir)).stop();
    // After a reboot the number in the pid file can be anybody's.
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    fs.writeFileSync(
      pidFile,
      `${other.pid}\n${path.join(dataDir, 'postgres')}\n1795700000\n5432\n${dataDir}\n\n0 0\nready\n`,
    );

    const server = await start(dataDir);
    expect(alive(other.pid!)).toBe(true);
    expect(await show(server.url, 'fsync')).toBe('on');
    await server.stop();
    other.kill();
  }, 60_000);

  it('listens on 127.0.0.1 only when DATA_DIR is too long a path for a socket', async () => {
    const dataDir = newDir('d'.repeat(110));
    const server = await start(dataDir);
    expect(server.url).toMatch(/@127\.0\.0\.1:\d+\//);
    expect(await show(server.url, 'listen_addresses')).toBe('127.0.0.1');
    await server.stop();
  }, 60_000);

  it('restores the library links an install without scripts leaves out', () => {
    // npm packages cannot hold links: the package lists them and makes them in an install script,
    // which `npm ci --ignore-scripts` skips; then PostgreSQL finds none of its libraries.
    const root = newDir('package');
    fs.mkdirSync(path.join(root, 'native', 'lib'), { recursive: true });
    fs.writeFileSync(path.join(root, 'native', 'lib', 'libicuuc.so.60.2'), 'library');
    fs.writeFileSync(
      path.join(root, 'native', 'pg-symlinks.json'),
      JSON.stringify([{ source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so.60' }]),
    );
    restoreLinks(root);
    restoreLinks(root); // a second start finds them made
    const link = path.join(root, 'native', 'lib', 'libicuuc.so.60');
    expect(fs.readlinkSync(link)).toBe('libicuuc.so.60.2');
    expect(fs.readFileSync(link, 'utf8')).toBe('library');
  });
});
