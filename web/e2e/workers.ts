/**
 * How many test files run at once, each worker with its own server and browser (E2E_WORKERS, 1 by
 * default). Two halve the step's time (a browser test waits on the page far more than it computes),
 * but one full run with two failed 4 tests of 2 files (a report grid short of rows, a saved price
 * not shown) that pass alone and with two workers on an idle machine: until that is understood the
 * default stays one after another against one server.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);
