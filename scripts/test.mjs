// npm test: lint, type checks, unit and server tests (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set), the web build and the browser tests. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
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

function run(name, cmd, args, { cwd = root, env = {} } = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: r.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(0) };
}

/** A check that is not a test runner counts as one test. */
function check(name, cmd, args, opts) {
  if (only.length && !only.includes(name)) return;
  const { ok, seconds } = run(name, cmd, args, opts);
  if (ok) passed++;
  else failed++;
  results.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
}

/** A vitest suite: its own counts go into the total. */
function suite(name, cwd, args = [], env = {}) {
  if (only.length && !only.includes(name)) return;
  const report = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const { ok, seconds } = run(
    name,
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args],
    { cwd, env },
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
        failures.push(`  ${name} ${where}: ${a.fullName}\n    ${why}`);
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

check('lint', bin('eslint'), ['.', '--max-warnings=0']);
check('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
check('typecheck', process.execPath, [path.join(root, 'scripts', 'typecheck.mjs')]);
suite('contract-unit', path.join(root, 'contract'));
suite('web-unit', path.join(root, 'web'));
suite('server-pglite', path.join(root, 'server'), [], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) suite('server-postgres', path.join(root, 'server'));
check(
  'web-build',
  process.execPath,
  [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
  { cwd: path.join(root, 'web') },
);
suite('browser', path.join(root, 'web'), ['--config', 'e2e/vitest.config.ts']);

if (failures.length) console.log('\nFailed tests:\n' + failures.join('\n'));
console.log('\n' + results.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
