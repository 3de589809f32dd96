// npm start: builds the web app and the server bundle when their sources are newer than the builds,
// then serves web + API with plain Node, in this same process: a parent Node kept only to wait for
// the server held some 50 MB of a school PC's memory for as long as the server ran.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

const sources = [path.join(web, 'src'), path.join(web, 'public'), path.join(root, 'contract', 'src')];
// The two pages: the staff app's and the family's (each built into dist under its name).
const pages = ['index.html', 'family.html'];
// A WEB_DIST given is a build made elsewhere, served as it is.
const stale =
  !process.env.WEB_DIST &&
  (pages.some((p) => !fs.existsSync(path.join(web, 'dist', p))) ||
    Math.max(...sources.map(newest), ...pages.map((p) => fs.statSync(path.join(web, p)).mtimeMs)) >
      fs.statSync(built).mtimeMs);
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

if (serverBundleStale()) {
  await buildServer();
  // esbuild's own service process would stay beside the server otherwise.
  (await import('esbuild')).stop();
}

process.chdir(root);
process.env.WEB_DIST ??= path.join(web, 'dist');
if (SERVER_NODE_OPTIONS.length === 0) {
  // The bundle starts the server as it loads, and handles its signals itself.
  await import(pathToFileURL(SERVER_BUNDLE).href);
} else {
  // Node options need a Node of their own, started with them.
  const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_BUNDLE], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
