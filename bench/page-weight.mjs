// The login route's weight on the wire: the JavaScript (and CSS) a browser downloads to show /login,
// as Chromium receives it (compressed), on a fresh profile. Target: ≤ 200 KB of JavaScript.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startBenchServer } from './server.mjs';

/** Bytes on the wire by kind for one page load of `route` on a fresh profile. */
export async function pageWeight(url, route) {
  const { context, page, close } = await launchChromium();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map();
    const bytes = { js: 0, css: 0, other: 0 };
    const files = [];
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
    cdp.on('Network.loadingFinished', (e) => {
      const r = types.get(e.requestId);
      if (!r) return;
      const kind = r.type === 'Script' ? 'js' : r.type === 'Stylesheet' ? 'css' : 'other';
      bytes[kind] += e.encodedDataLength;
      if (kind === 'js') files.push({ file: r.url.split('/').pop(), kb: e.encodedDataLength / 1024 });
    });
    await page.goto(`${url}${route}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Войти' }).waitFor();
    return { ...bytes, files: files.sort((a, b) => b.kb - a.kb) };
  } finally {
    await close();
  }
}

export async function benchPageWeight() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-'));
  const server = await startBenchServer({
    port: 18190,
    dataDir,
    ready: async (u) => (await fetch(`${u}/login`)).ok,
  });
  try {
    const w = await pageWeight(server.url, '/login');
    if (process.env.BENCH_VERBOSE) for (const f of w.files) console.log(`  ${f.kb.toFixed(1)} KB ${f.file}`);
    const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
    return [{ name: '/login JavaScript on the wire (target ≤ 200 KB)', value: kb(w.js), rss: `CSS ${kb(w.css)}` }];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchPageWeight()) console.log(r.name, r.value, r.rss ?? '');
}
