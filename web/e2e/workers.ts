/**
 * How many test files run at once, each worker with its own server and browser (E2E_WORKERS, 1 by
 * default). `npm test` runs the files that wait for what they look at with two (a browser test waits
 * on the page far more than it computes), and those that keep a pace or a time alone afterwards
 * (scripts/test.mjs): with two, a scanner's keys 1 ms apart arrived up to 700 ms apart.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);
