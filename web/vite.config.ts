import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';

const api = process.env.TAMAQ_API ?? 'http://127.0.0.1:8080';

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
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      if (!fs.existsSync(assets)) return;
      for (const name of fs.readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(assets, name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/metrics': api },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
