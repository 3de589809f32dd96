import type { Fixation } from '@tamaq/contract/fixations';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { errorText } from '../../lib/api-error.ts';
import type { ScanQueue } from '../../lib/scan-queue.ts';
import { pageScanSounds, type ScanSounds } from '../../lib/scan-sounds.ts';
import { pageScanQueue } from './page-scan-queue.ts';
import { cleanCode, feedbackOf, isDoubleScan, toneOf, type Feedback } from './scan-feedback.ts';

export interface ScanStationOptions {
  url: string;
  /** The body for a code, or null while the screen cannot record yet (no canteen or school chosen). */
  body: (code: string) => Record<string, unknown> | null;
  /** A visit was recorded, now or from the queue: reload the history. */
  onRecorded: () => void;
  /** A scan that waited offline was refused when it finally reached the server. */
  onLateRefusal?: (code: string, reason: string) => void;
  queue?: ScanQueue<Fixation>;
  sounds?: ScanSounds;
  /** The card goes back to "ready" after this long, so an old green card is not taken for a new one. */
  clearAfterMs?: number;
}

export interface ScanStation {
  feedback: Feedback;
  /** Scans on their way to the server right now. */
  sending: number;
  /** Scans kept offline, waiting for the network. */
  pending: number;
  submit: (raw: string) => Promise<void>;
  retryNow: () => void;
}

const CLEAR_AFTER_MS = 20_000;

/**
 * The counter of a scanning screen: every scan goes through the page's scan queue, its answer
 * becomes the big card and its sound. A double scan (429) changes nothing and never blocks the
 * next scan: nothing waits for it.
 */
export function useScanStation(opts: ScanStationOptions): ScanStation {
  const queue = opts.queue ?? pageScanQueue();
  const sounds = opts.sounds ?? pageScanSounds();
  const clearAfterMs = opts.clearAfterMs ?? CLEAR_AFTER_MS;
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });

  const [feedback, setFeedback] = useState<Feedback>({ kind: 'idle' });
  const [sending, setSending] = useState(0);
  // Two scans in flight may answer out of order: the card shows the latest scan's answer.
  const lastShown = useRef(0);
  const counter = useRef(0);

  const subscribePending = useCallback((cb: () => void) => queue.onPending(() => cb()), [queue]);
  const pending = useSyncExternalStore(subscribePending, queue.pending, queue.pending);

  const submit = useCallback(
    async (raw: string) => {
      const code = cleanCode(raw);
      if (!code) return;
      const { url, body } = latest.current;
      const payload = body(code);
      if (!payload) return;
      const seq = ++counter.current;
      setSending((n) => n + 1);
      try {
        const outcome = await queue.submit(url, payload);
        if (outcome.kind === 'recorded') latest.current.onRecorded();
        const next = feedbackOf(outcome);
        if (!next || seq < lastShown.current) return;
        lastShown.current = seq;
        setFeedback(next);
        const tone = toneOf(next);
        if (tone) sounds.play(tone);
      } finally {
        setSending((n) => n - 1);
      }
    },
    [queue, sounds],
  );

  useEffect(
    () =>
      queue.onOutcome((o) => {
        if (o.kind === 'recorded') latest.current.onRecorded();
        if (o.kind === 'refused' && !isDoubleScan(o)) {
          latest.current.onLateRefusal?.(String(o.scan.body.cardId ?? ''), errorText(o.error));
        }
      }),
    [queue],
  );

  useEffect(() => {
    if (feedback.kind === 'idle') return;
    const timer = setTimeout(() => setFeedback({ kind: 'idle' }), clearAfterMs);
    return () => clearTimeout(timer);
  }, [feedback, clearAfterMs]);

  const retryNow = useCallback(() => void queue.retryNow(), [queue]);

  return { feedback, sending, pending, submit, retryNow };
}
