// npm test: lint, type checks, unit and server tests (on the embedded PostgreSQL, and again on the
// server TEST_DATABASE_URL names when it is set), the web build and the browser tests. Ends with one
// line "N passed, N failed".
//
// Two lanes run side by side, as they share no state (below). The browser tests run last, without
// the lanes, one file after another against one server: some measure time (the 3 s double scan, keys
// 1 ms apart, live pushes), which a busy machine would put off their pace. Two workers
// (E2E_WORKERS=2) took as long on two cores: the browser tests are bound by the processor. Nor do
// they share it well: beside them at the lowest priority (nice 19) the other steps still slowed them
// from about 850 s to 1,184 s, for they are a chain of short hand-offs between processes (test,
// browser, page, server, database) and each waits for a core.
// A step's output is printed whole when it ends, so the two lanes' logs do not interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-test-'));
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
/** Each failed test with its first error line, printed before the summary so a CI tail names it. */
const failures = [];
const results = [];

/** Runs a step; `live` streams its output (a step running alone), else it is printed when it ends. */
function run(name, cmd, args, { cwd = root, env = {}, live = false } = {}) {
  const started = Date.now();
  if (live) console.log(`\n=== ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
      env: { ...process.env, ...(live ? {} : { FORCE_COLOR: '1' }), ...env },
    });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (!live) process.stdout.write(`\n=== ${name} (${seconds} s)\n${Buffer.concat(out).toString()}`);
      resolve({ ok: code === 0, seconds });
    });
  });
}

/** A check that is not a test runner counts as one test. */
async function check(name, cmd, args, opts) {
  if (only.length && !only.includes(name)) return;
  const { ok, seconds } = await run(name, cmd, args, opts);
  if (ok) passed++;
  else failed++;
  results.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
}

/** A vitest suite: its own counts go into the total. */
async function suite(name, cwd, args = [], env = {}, live = false) {
  if (only.length && !only.includes(name)) return;
  const report = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const { ok, seconds } = await run(
    name,
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args],
    { cwd, env, live },
  );
  let p = 0;
  let f = 0;
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    p = json.numPassedTests;
    // A file that failed to load has no tests of its own: count it once; failed tests count as themselves.
    const brokenFiles = (json.testResults ?? []).filter(
      (r) => r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    f = json.numFailedTests + brokenFiles;
    for (const file of json.testResults ?? []) {
      const where = path.relative(root, file.name);
      for (const a of file.assertionResults ?? []) {
        if (a.status !== 'failed') continue;
        const why = String(a.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        // Where in the test file it failed: one file often waits for the same thing several times.
        const base = path.basename(file.name);
        const at = String(a.failureMessages?.[0] ?? '')
          .split('\n')
          .find((line) => line.includes(base));
        const line = at?.match(/:(\d+):\d+\)?\s*$/)?.[1];
        failures.push(`  ${name} ${where}${line ? `:${line}` : ''}: ${a.fullName}\n    ${why}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'))
        failures.push(
          `  ${name} ${where}: ${String(file.message ?? '')
            .split('\n')[0]
            .slice(0, 300)}`,
        );
    }
  } catch {
    f = 1;
  }
  if (!ok && f === 0) f = 1;
  passed += p;
  failed += f;
  results.push(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${p} passed, ${f} failed (${seconds} s)`);
}

// The two lanes take about as long: the checks, the server tests on TEST_DATABASE_URL and the build
// in one; the server tests on their embedded PostgreSQL and the web unit tests (jsdom) in the other.
const checks = async () => {
  await check('lint', bin('eslint'), ['.', '--max-warnings=0']);
  await check('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
  await check('typecheck', process.execPath, [path.join(root, 'scripts', 'typecheck.mjs')]);
  // What is shipped: no advisory left unassessed (docs/dependencies.md), and its bill of materials.
  const supplyChain = path.join(root, 'server', 'scripts', 'supply-chain.ts');
  await check('audit', bin('tsx'), [supplyChain, 'audit']);
  await check('sbom', bin('tsx'), [supplyChain, 'sbom', path.join(tmp, 'tamaq.cdx.json')]);
  await suite('contract-unit', path.join(root, 'contract'));
  // The oldest server we support (PostgreSQL 15) runs every test that speaks SQL; not the fuzz test
  // (random bodies on every route: our validation, before any SQL) nor the kill test (our process
  // killed mid-work): a third of that suite's time, and the same on any server.
  if (process.env.TEST_DATABASE_URL)
    await suite('server-postgres', path.join(root, 'server'), [
      '--exclude',
      'test/fuzz.test.ts',
      '--exclude',
      'test/crash.test.ts',
    ]);
  await check(
    'web-build',
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: path.join(root, 'web') },
  );
};
const serverAndWebUnits = async () => {
  await suite('server', path.join(root, 'server'), [], { TEST_DATABASE_URL: '' });
  await suite('web-unit', path.join(root, 'web'));
};
const started = Date.now();
await Promise.all([checks(), serverAndWebUnits()]);
await suite('browser', path.join(root, 'web'), ['--config', 'e2e/vitest.config.ts'], {}, true);
results.push(`all steps: ${((Date.now() - started) / 1000).toFixed(0)} s`);

if (failures.length) console.log('\nFailed tests:\n' + failures.join('\n'));
console.log('\n' + results.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
