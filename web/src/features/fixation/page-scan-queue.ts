import type { Fixation } from '@tamaq/contract/fixations';
import { createScanQueue, type ScanQueue } from '../../lib/scan-queue.ts';

let queue: ScanQueue<Fixation> | null = null;

/**
 * The one scan queue of this page load, shared by both scanning screens: made when a scanning
 * screen first opens, it sends at once whatever waited in localStorage from before a reload, and
 * again whenever the browser says it is back online.
 */
export function pageScanQueue(): ScanQueue<Fixation> {
  if (queue) return queue;
  const q = createScanQueue<Fixation>();
  queue = q;
  window.addEventListener('online', () => void q.retryNow());
  if (q.pending() > 0) void q.retryNow();
  return q;
}
