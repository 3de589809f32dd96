/**
 * Runs `look` after `firstMs` and then every `everyMs`, never two at once (a slow look makes the next
 * one skip), without keeping the process alive; its failure is logged as `failed`. Answers the stop.
 */
export function lookPeriodically(
  look: () => Promise<void>,
  opts: { firstMs: number; everyMs: number; failed: string },
  log: { error: (obj: object, msg: string) => void },
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    look()
      .catch((err: Error) => log.error({ error: err.message }, opts.failed))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, opts.firstMs);
  const every = setInterval(run, opts.everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
