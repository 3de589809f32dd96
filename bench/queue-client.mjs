// The queue bench's client: school scans at a steady rate, and GETs beside them, in a process of its
// own, as the scanner's PC is another machine. In the bench's own process they shared a thread with
// everything the whole bench had run before it (its heap, its collections), and a pause of the
// client's was counted as a slow scan. It reports its own event loop's worst delay beside the times.
//
// The parent sends one job: { url, token, schoolId, cards, seconds, gets }; `{ stop: true }` ends a
// job that runs until told (seconds is then its least length). It answers
// { scans: [{ at, took, status }], gets: { [url]: [took] }, loopDelayMaxMs, timeOrigin, cards }.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const RATE = 20;

/** What the scan screen's browser sends: the token and the CSRF cookie with its echo. */
export const scanHeaders = (token) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  cookie: 'XSRF-TOKEN=bench-xsrf-token',
  'x-xsrf-token': 'bench-xsrf-token',
});

/**
 * School scans at a steady RATE until `until()` is true (after at least `seconds`): each sent at its
 * moment whether or not the earlier ones answered, its time counted from that moment.
 */
async function steadyScans(url, token, schoolId, cards, { seconds = 0, until = () => true }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const headers = scanHeaders(token);
  const results = [];
  const pending = [];
  const start = performance.now() + 20;
  for (let i = 0; ; i++) {
    const due = start + (i * 1000) / RATE;
    if (due - start >= seconds * 1000 && until()) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const body = JSON.stringify({ cardId: cards.pop(), schoolId });
    pending.push(
      new Promise((resolve) => {
        const req = http.request(
          `${url}/api/school/fixation`,
          {
            method: 'POST',
            agent,
            headers: { ...headers, 'idempotency-key': randomUUID(), 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              results.push({ at: due, took: performance.now() - due, status: res.statusCode });
              resolve();
            });
          },
        );
        req.on('error', () => {
          results.push({ at: due, took: performance.now() - due, status: 0 });
          resolve();
        });
        req.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return results;
}

/** GETs of `url` at RATE a second until `until()`: what a request with no write waits meanwhile. */
async function steadyGets(url, until) {
  const took = [];
  const pending = [];
  const start = performance.now();
  for (let i = 0; !until(); i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      fetch(url)
        .then((r) => r.arrayBuffer())
        .then(() => took.push(performance.now() - due)),
    );
  }
  await Promise.all(pending);
  return took;
}

let stopped = false;
// Only as the forked client: the bench imports this file for its rate and headers as well.
if (process.send)
  process.on('message', async (job) => {
    if (job.stop) {
      stopped = true;
      return;
    }
    stopped = false;
    const until = job.untilStopped ? () => stopped : () => true;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const cards = [...job.cards];
    const [scans, ...gets] = await Promise.all([
      steadyScans(job.url, job.token, job.schoolId, cards, { seconds: job.seconds ?? 0, until }),
      ...(job.gets ?? []).map((u) => steadyGets(u, until)),
    ]);
    loop.disable();
    process.send({
      scans,
      gets: Object.fromEntries((job.gets ?? []).map((u, i) => [u, gets[i]])),
      loopDelayMaxMs: loop.max / 1e6,
      timeOrigin: performance.timeOrigin,
      cards,
    });
  });
