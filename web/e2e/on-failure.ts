import { beforeEach } from 'vitest';
import { whatPagesShow } from './browser.ts';

/**
 * A failed browser test says what its pages showed and did (browser.ts `whatPagesShow`): a CI run
 * keeps only its output, and «waiting for locator … to be visible» alone does not tell a 401 from a
 * slow answer.
 */
beforeEach((context) => {
  context.onTestFailed(async () => {
    const report = await whatPagesShow().catch((err: Error) => `(no report: ${err.message})`);
    console.error(`What the pages showed when «${context.task.name}» failed:\n${report}`);
  });
});
