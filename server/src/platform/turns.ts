/**
 * For a long loop on the server's one thread (a report's workbook, a year of days): call the answer
 * at each step, and every `ms` of work it waits one turn of the event loop, so the scans at the queue
 * go through meanwhile instead of waiting for the whole loop.
 */
export function takeTurns(ms = 5): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < ms) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
