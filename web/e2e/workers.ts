/**
 * How many test files run at once, each worker with its own server and browser. A browser test waits on
 * the page far more than it computes (about half a core each), so two keep a 2-core machine responsive.
 * E2E_WORKERS=1 runs them one after another against one server.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
