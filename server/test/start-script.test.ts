import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` (scripts/start.mjs) serves from its own Node: no parent Node kept beside the server to
 * wait for it (50 MB of a school PC's memory). Run once, in the pass on the embedded server.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-start-'));
// A web build of its own: WEB_DIST given is served as it is, so the script builds no web app here.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-start-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>start-script</title>');
const port = 19000 + Math.floor(Math.random() * 1000);
let child: ChildProcess | null = null;
let output = '';

/** The processes `pid` started, each with its command line. */
const childrenOf = (pid: number): { pid: number; command: string }[] =>
  fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map((c) => ({
      pid: Number(c),
      command: fs.readFileSync(`/proc/${c}/cmdline`, 'utf8').split('\0').join(' ').trim(),
    }));

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe.runIf(process.env.TEST_EMBEDDED && process.platform === 'linux')('npm start', () => {
  it('serves from its own Node, with only PostgreSQL beside it, and stops cleanly on SIGTERM', async () => {
    child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        WS_PORT: String(port + 1000),
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        DATABASE_URL: '',
        TEST_DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not serve:\n${output}`);
      const page = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
      if (page?.status === 200) {
        expect(await page.text()).toContain('start-script');
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const children = childrenOf(child.pid!);
    expect(children.length, output).toBeGreaterThan(0);
    // The postmaster (its own processes are its children, not ours); no Node, no esbuild.
    for (const c of children) expect(c.command).toMatch(/\/postgres\b/);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => child!.once('exit', (c) => r(c)));
    expect(code, output).toBe(0);
    for (const c of children) expect(fs.existsSync(`/proc/${c.pid}`), `${c.command} left running`).toBe(false);
  }, 180_000);
});
