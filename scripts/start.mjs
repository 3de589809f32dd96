// npm start: builds the web app and the server bundle when their sources are newer than the builds,
// then serves web + API with plain Node.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_OPTIONS, serverBundleStale } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'web');
const built = path.join(web, 'dist', 'index.html');

const newest = (dir) => {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) t = Math.max(t, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return t;
};

const sources = [path.join(web, 'src'), path.join(root, 'contract', 'src')];
const stale =
  !fs.existsSync(built) ||
  Math.max(...sources.map(newest), fs.statSync(path.join(web, 'index.html')).mtimeMs) > fs.statSync(built).mtimeMs;
if (stale) {
  console.log('Сборка веб-приложения…');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: web,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (serverBundleStale()) await buildServer();

const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(web, 'dist') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
