import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One server, one browser at a time: the 2-core machine stays responsive.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
