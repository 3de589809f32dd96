import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let status = 0;
// TypeScript 7, the compiler written in Go (the same checks; 13 s and 21 s of processor for the three
// projects against 29 s and 45 s for TypeScript 5.9). The lint's type-aware rules still use 5.9,
// which typescript-eslint supports (`typescript` in package.json; this one is `typescript-native`).
const tsc = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
for (const project of ['contract', 'server', 'web']) {
  const r = spawnSync(process.execPath, [tsc, '-p', project], {
    cwd: root,
    stdio: 'inherit',
  });
  status ||= r.status ?? 1;
}
process.exit(status);
