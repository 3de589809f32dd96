// Headless Chromium for the browser benchmarks: Debian's binary (or CHROMIUM_PATH) through
// playwright-core, a fresh profile each time, with the flags of the test suite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.join(import.meta.dirname, '../web/package.json'));

/** A browser context on a new profile (`options`: more of the context's, as Playwright names them); `close()` ends it and removes the profile. */
export async function launchChromium(options = {}) {
  const { chromium } = require('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    // The browser a person runs (its headless mode); the tests' headless shell when it is all there is.
    executablePath:
      process.env.CHROMIUM_PATH ||
      ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((bin) => fs.existsSync(bin)) ||
      '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
