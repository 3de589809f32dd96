/**
 * How many test files run at once, each worker with its own server and browser (E2E_WORKERS, 1 by
 * default). On two cores two took as long as one (the browser tests are bound by the processor), and
 * under two a scanner's keys sent 30 ms apart arrived up to 700 ms apart: `npm test` runs one.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);
