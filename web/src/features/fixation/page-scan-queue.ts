import { HEADERS } from '@tamaq/contract/constants';
import type { Fixation } from '@tamaq/contract/fixations';
import { api } from '../../lib/api-client.ts';
import { networkError } from '../../lib/api-error.ts';
import { createScanQueue, SCAN_QUEUE_STORAGE_KEY, type ScanQueue } from '../../lib/scan-queue.ts';
import { onSessionChange } from '../../lib/session.ts';

let queue: ScanQueue<Fixation> | null = null;

const isVisit = (answer: unknown): answer is Fixation =>
  typeof answer === 'object' &&
  answer !== null &&
  typeof (answer as { id?: unknown }).id === 'number' &&
  typeof (answer as { user?: { name?: unknown } | null }).user?.name === 'string';

/**
 * A 2xx that is not a visit (a captive portal's or a proxy's page on a bad school line) never came
 * from our server: the scan is kept and sent again, instead of being dropped as recorded.
 */
export async function sendScan(url: string, body: Record<string, unknown>, key: string): Promise<Fixation> {
  const answer = await api.post<unknown>(url, body, { headers: { [HEADERS.idempotency]: key } });
  if (!isVisit(answer)) throw networkError();
  return answer;
}

/**
 * The one scan queue of this page load, shared by both scanning screens: made when a scanning
 * screen first opens, it sends at once whatever waited in localStorage from before a reload, and
 * again whenever the browser says it is back online or the user who made the scans signs in again.
 */
export function pageScanQueue(): ScanQueue<Fixation> {
  if (queue) return queue;
  const q = createScanQueue<Fixation>({ send: sendScan });
  queue = q;
  window.addEventListener('online', () => void q.retryNow());
  // Another tab of this browser queued or sent scans: the count here follows them.
  window.addEventListener('storage', (e) => {
    if (e.key === SCAN_QUEUE_STORAGE_KEY || e.key === null) q.refresh();
  });
  onSessionChange(() => void q.retryNow());
  if (q.pending() > 0) void q.retryNow();
  return q;
}
