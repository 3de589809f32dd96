// Bundles the server (its TypeScript and the contract's) into server/dist/main.mjs (and the chunks it loads), which `npm start`
// runs with plain Node: loading one file instead of ~200 through tsx's loader halves the start
// (and drops tsx's memory). The packages stay in node_modules; the spreadsheet workers are copied
// beside the bundle, where the server looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'server', 'dist', 'main.mjs');
/**
 * Node's options for the server, as `npm start` runs it: none today. A young generation of 64 MB
 * per semi-space was tried against the queue's pauses and made them worse: its scavenges copied
 * what the heavy work held alive, 50–105 ms at a time (`--trace-gc`), where V8's 16 MB default
 * pauses 20–30 ms. Scans' p99 beside the heavy work (bench/queue.mjs, QUEUE_ONLY=heavy, this
 * 2-core machine): 16 MB 37, 29, 38, 45, 36 ms; 64 MB 76, 89, 116, 57, 58, 73 ms.
 */
export const SERVER_NODE_OPTIONS = [];
const SOURCES = [path.join(root, 'server', 'src'), path.join(root, 'contract', 'src')];

const newest = (dir) => {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) t = Math.max(t, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return t;
};

/** Whether the bundle is missing or older than a source of the server or the contract. */
export const serverBundleStale = (outfile = SERVER_BUNDLE) =>
  !fs.existsSync(outfile) || Math.max(...SOURCES.map(newest)) > fs.statSync(outfile).mtimeMs;

export async function buildServer(outfile = SERVER_BUNDLE) {
  const dir = path.dirname(outfile);
  // The entry loads the rest as a chunk of its own while PostgreSQL starts (server/src/main.ts); the
  // chunks of an earlier build go first. They sit beside the entry, where the workers are looked for.
  if (fs.existsSync(dir))
    for (const name of fs.readdirSync(dir)) if (/^chunk-.*\.mjs$/.test(name)) fs.rmSync(path.join(dir, name));
  await build({
    entryPoints: { [path.basename(outfile, '.mjs')]: path.join(root, 'server', 'src', 'main.ts') },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    // Packages are loaded from node_modules as they are; our own contract is bundled from its source.
    plugins: [
      {
        name: 'packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@tamaq/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // The workers run as plain files beside the bundle, where the server looks for them.
  for (const worker of ['spreadsheet-worker.mjs', 'xlsx-report-worker.mjs']) {
    fs.copyFileSync(path.join(root, 'server', 'src', 'platform', worker), path.join(dir, worker));
  }
}

if (process.argv[1] === import.meta.filename)
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
