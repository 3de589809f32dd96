import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The path a school takes: `npm start` on a new machine. Builds the server bundle as `npm start` does
 * and runs it with plain Node on a new embedded data directory; run once, in the pass on the embedded
 * server, not again on TEST_DATABASE_URL.
 */
const root = path.resolve(import.meta.dirname, '../..');
const bundleDir = path.join(root, 'server', 'dist', `smoke-${process.pid}`);
const main = path.join(bundleDir, 'main.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-smoke-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const env = {
  ...process.env,
  PORT: String(port),
  WS_PORT: String(port + 1000),
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  TEST_DATABASE_URL: '',
  LOG_LEVEL: 'warn',
};
const url = `http://127.0.0.1:${port}`;
let child: ReturnType<typeof spawn>;
/** Node's options as `npm start` gives them. */
let nodeOptions: string[] = [];
let output = '';

describe.runIf(process.env.TEST_EMBEDDED)('npm start on a new embedded database', () => {
  beforeAll(async () => {
    const { buildServer, SERVER_NODE_OPTIONS } = (await import(path.join(root, 'scripts', 'build-server.mjs'))) as {
      buildServer: (outfile: string) => Promise<void>;
      SERVER_NODE_OPTIONS: string[];
    };
    await buildServer(main);
    nodeOptions = SERVER_NODE_OPTIONS;
    child = spawn(process.execPath, [...nodeOptions, main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    // Generous: in CI this runs at nice 19 beside the browser tests and may get a few per cent of a core.
    const deadline = Date.now() + 240_000;
    // The banner ends with the demo logins; a pipe may hand it over in more than one piece.
    while (!output.includes('Tamaq:') || !output.includes('parent@demo.kz')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 300_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bundleDir, { recursive: true, force: true });
  });

  it('migrates, loads the demo data and prints every demo login', () => {
    for (const email of ['superadmin@demo.kz', 'admin@demo.kz', 'school.admin@demo.kz', 'parent@demo.kz']) {
      expect(output).toContain(email);
    }
    expect(output).toContain('demo12345');
  });

  it('signs a demo user in and answers their profile', async () => {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'school.admin@demo.kz', password: 'demo12345' }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const profile = await fetch(`${url}/api/profile`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(profile.status).toBe(200);
    const body = (await profile.json()) as { role: string; school_id: number | null };
    expect(body.role).toBe('EducationAdmin');
    expect(body.school_id).not.toBeNull();
    // A workbook (exceljs, loaded on first use) and its reading back (the worker beside the bundle).
    const auth = { authorization: `Bearer ${access_token}` };
    const template = await fetch(`${url}/api/users/template?schoolId=${body.school_id}`, { headers: auth });
    expect(template.status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([await template.arrayBuffer()]), 'template.xlsx');
    const upload = await fetch(`${url}/api/users/upload?schoolId=${body.school_id}`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(upload.status).toBe(422);
    expect(await upload.json()).toMatchObject({ validationErrors: { file: ['В файле нет строк для загрузки'] } });
  }, 120_000);

  it('refuses to start a second server on the same data directory', () => {
    const second = spawnSync(process.execPath, [...nodeOptions, main], {
      cwd: root,
      env: { ...env, PORT: String(port + 1) },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('уже используется другим процессом');
  }, 150_000);

  it('stops its PostgreSQL cleanly on Ctrl+C, which comes twice through npm start', async () => {
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // The terminal's SIGINT, then the same passed on by npm start's script a moment later.
    child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 30));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(fs.existsSync(pidFile)).toBe(false);
    expect(() => process.kill(postmaster, 0)).toThrow();
  }, 120_000);
});
