import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './workers.ts';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/on-failure.ts'],
    testTimeout: 60_000,
    // A poll waits for what a person waits for (a screen to open, a field to take the focus, a
    // toast): vitest's 1 s failed a keyboard test once in a run of four files, the book form not yet
    // focused after 1 s on a busy machine. Passing polls end as soon as they hold.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker runs file after file in one process: a new process for each file, loading the browser
    // driver and the helpers again, took 1.3–3.4 s between files (about 80 s of the suite). Each file
    // still opens its own browser (a fresh profile) and no file changes a module another one uses.
    isolate: false,
    // Each worker has its own server (global-setup.ts) and runs its files one after another.
    maxWorkers: E2E_WORKERS,
    fileParallelism: E2E_WORKERS > 1,
  },
});
