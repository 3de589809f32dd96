import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let status = 0;
for (const project of ['contract', 'server', 'web']) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], {
    cwd: root,
    stdio: 'inherit',
  });
  status ||= r.status ?? 1;
}
process.exit(status);
