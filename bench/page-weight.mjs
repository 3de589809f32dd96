// The weight on the wire of the two first pages: the JavaScript (and CSS) a browser downloads to show
// /login, and a parent's page (/download, signed in as the demo parent, its service worker blocked), as
// Chromium receives it (compressed), on a fresh profile with the cache off. Targets: ≤ 200 KB of
// JavaScript for /login, ≤ 150 KB for the parent's page.
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

/** Bytes on the wire by kind for the parent's page, opened again signed in with nothing cached. */
export async function parentPageWeight(url, email = 'parent@demo.kz') {
  const { context, page, close } = await launchChromium({ serviceWorkers: 'block' });
  try {
    await page.goto(`${url}/login`);
    await page
      .getByLabel(/логин|e-mail/i)
      .first()
      .fill(email);
    await page
      .getByLabel(/пароль/i)
      .first()
      .fill('demo12345');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByTestId('child-card').first().waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map();
    const bytes = { js: 0, css: 0, other: 0 };
    const files = [];
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
    cdp.on('Network.loadingFinished', (e) => {
      const r = types.get(e.requestId);
      if (!r || new URL(r.url).pathname.startsWith('/api/')) return;
      const kind = r.type === 'Script' ? 'js' : r.type === 'Stylesheet' ? 'css' : 'other';
      bytes[kind] += e.encodedDataLength;
      if (kind === 'js') files.push({ file: r.url.split('/').pop(), kb: e.encodedDataLength / 1024 });
    });
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('child-card').first().waitFor();
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
    const parent = await parentPageWeight(server.url);
    if (process.env.BENCH_VERBOSE)
      for (const f of [...w.files, ...parent.files]) console.log(`  ${f.kb.toFixed(1)} KB ${f.file}`);
    const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
    return [
      { name: '/login JavaScript on the wire (target ≤ 200 KB)', value: kb(w.js), rss: `CSS ${kb(w.css)}` },
      {
        name: 'parent’s page (demo parent, 2 children) JavaScript on the wire (target ≤ 150 KB)',
        value: kb(parent.js),
        rss: `CSS ${kb(parent.css)}`,
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchPageWeight()) console.log(r.name, r.value, r.rss ?? '');
}
