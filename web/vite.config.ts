import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { isFamilyPage } from '../contract/src/family-pages.ts';

const api = process.env.TAMAQ_API ?? 'http://127.0.0.1:8080';

/**
 * The family's pages are their own entry (`family.html`): the dev server sends it for their addresses
 * as the product's server does (server/src/platform/web.ts).
 */
function familyPages(): Plugin {
  return {
    name: 'tamaq-family-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, search] = (req.url ?? '/').split('?');
        if (isFamilyPage(pathname ?? '/')) req.url = `/family.html${search ? `?${search}` : ''}`;
        next();
      });
    },
  };
}

/**
 * Brotli and gzip copies of every built asset, made once at build time: a school's line is slow and
 * the server then sends the smallest copy the browser accepts, with no CPU spent per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tamaq-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Compressed side by side on the thread pool, and at brotli's level 10, not its best (11): the
    // first `npm start` waits for it, and on two cores 11 took 1.7 s for the whole app where 10 takes
    // 0.7 s, for 1.5 % more bytes (698 KB against 687 KB; the sign-in page's JavaScript the same).
    // A browser keeps what it downloaded (the files are named by their content), so those bytes
    // cross a school's line once per new version.
    async closeBundle() {
      const assets = path.join(outDir, 'assets');
      if (!fs.existsSync(assets)) return;
      const brotli = promisify(zlib.brotliCompress);
      const gzip = promisify(zlib.gzip);
      const files = fs
        .readdirSync(assets)
        .filter((name) => /\.(js|css|svg|json)$/.test(name))
        .map((name) => path.join(assets, name));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.promises.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const UNIT_TESTS = 'src/**/*.test.{ts,tsx}';
/** The unit tests that replace a module with `vi.mock`, found by reading them. */
const MOCKING_TESTS = fs
  .readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true })
  .map((f) => `src/${String(f).split(path.sep).join('/')}`)
  .filter(
    (f) => /\.test\.tsx?$/.test(f) && /\bvi\.mock\(/.test(fs.readFileSync(path.join(import.meta.dirname, f), 'utf8')),
  );

export default defineConfig({
  plugins: [react(), familyPages(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/metrics': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // Two pages: the staff app and the family's light one, sharing what both load.
    rolldownOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        family: path.resolve(import.meta.dirname, 'family.html'),
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    // A worker runs its files in one module graph and one jsdom (72 s → 35 s): loading jsdom and the
    // app's modules again for each file took most of the time. Files that replace a module
    // (`vi.mock`) would leak the replacement into the next file, so they run isolated.
    projects: [
      { extends: true, test: { name: 'shared', include: [UNIT_TESTS], exclude: MOCKING_TESTS, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING_TESTS } },
    ],
  },
});
