import type { CallInput, Endpoints } from '@tamaq/contract/endpoints';
import type { Fixation } from '@tamaq/contract/fixations';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { endpointPath } from '../../lib/endpoint-client.ts';
import type { ScanQueue } from '../../lib/scan-queue.ts';
import { pageScanSounds, type ScanSounds } from '../../lib/scan-sounds.ts';
import { pageScanQueue } from './page-scan-queue.ts';
import { i18n } from '../../i18n/texts.ts';
import { cleanCode, feedbackOf, isCardLike, toneOf, type Feedback, type RefusedPerson } from './scan-feedback.ts';

/** The contract's two ways of recording a visit by card: a canteen's and a school's. */
export type ScanEndpoint = 'recordCanteen' | 'recordSchool';
/** What a scan sends, but its time (the queue adds it when the first try failed). */
export type ScanBody<N extends ScanEndpoint> = Omit<CallInput<Endpoints['fixations'][N]>['body'], 'scannedAt'>;

export interface ScanStationOptions<N extends ScanEndpoint = ScanEndpoint> {
  endpoint: N;
  /**
   * The body for a code, or null while the screen cannot record yet (its canteen or school is still
   * loading): such a scan is held and sent the moment the screen is ready.
   */
  body: (code: string) => ScanBody<N> | null;
  /** Why this screen can never record (no canteen, no school): held and new scans are refused with it. */
  unavailable?: string | null;
  /** A visit was recorded, now or from the queue: reload the history. */
  onRecorded: () => void;
  /** A scan that waited offline was refused when it finally reached the server. */
  onLateRefusal?: (code: string, reason: string) => void;
  /** Every scan turned away (but a double scan), now or from the queue: today's list of refusals. */
  onRefusal?: (refusal: { code: string; reason: string; person?: RefusedPerson }) => void;
  queue?: ScanQueue<Fixation>;
  sounds?: ScanSounds;
  /** The card goes back to "ready" after this long, so an old green card is not taken for a new one. */
  clearAfterMs?: number;
}

export interface ScanStation {
  feedback: Feedback;
  /** Scans on their way to the server right now, or held until the screen is ready. */
  sending: number;
  /** Scans kept offline, waiting for the network. */
  pending: number;
  submit: (raw: string) => Promise<void>;
  retryNow: () => void;
}

const CLEAR_AFTER_MS = 20_000;
/** More scans than this before the screen is ready are not a queue of pupils but a stuck key. */
const MAX_HELD = 20;

/**
 * The counter of a scanning screen: every scan goes through the page's scan queue, its answer
 * becomes the big card and its sound. A double scan (429) changes nothing and never blocks the
 * next scan: nothing waits for it.
 */
export function useScanStation<N extends ScanEndpoint>(opts: ScanStationOptions<N>): ScanStation {
  const queue = opts.queue ?? pageScanQueue();
  const sounds = opts.sounds ?? pageScanSounds();
  const clearAfterMs = opts.clearAfterMs ?? CLEAR_AFTER_MS;
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });

  // The audio context costs a few hundred ms to make on some machines: made while the screen is
  // idle, not between the first scan's answer and its card.
  useEffect(() => {
    if (!sounds.warm) return;
    const warm = () => sounds.warm();
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(warm, { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(warm, 200);
    return () => window.clearTimeout(id);
  }, [sounds]);

  const [feedback, setFeedback] = useState<Feedback>({ kind: 'idle' });
  const [sending, setSending] = useState(0);
  // Two scans in flight may answer out of order: the card shows the latest scan's answer.
  const lastShown = useRef(0);
  const counter = useRef(0);

  const subscribePending = useCallback((cb: () => void) => queue.onPending(() => cb()), [queue]);
  const pending = useSyncExternalStore(subscribePending, queue.pending, queue.pending);

  const show = useCallback(
    (next: Feedback) => {
      setFeedback(next);
      const tone = toneOf(next);
      if (tone) sounds.play(tone);
    },
    [sounds],
  );

  const send = useCallback(
    async (payload: Record<string, unknown>) => {
      const seq = ++counter.current;
      setSending((n) => n + 1);
      try {
        const outcome = await queue.submit(endpointPath('fixations', latest.current.endpoint), payload);
        if (outcome.kind === 'recorded') latest.current.onRecorded();
        const next = feedbackOf(outcome);
        if (next?.kind === 'refusal') latest.current.onRefusal?.(next);
        if (!next || seq < lastShown.current) return;
        lastShown.current = seq;
        show(next);
      } finally {
        setSending((n) => n - 1);
      }
    },
    [queue, show],
  );

  // Scans made before the screen could record (its canteen or school still loading), oldest first.
  const held = useRef<string[]>([]);
  const [heldCount, setHeldCount] = useState(0);
  const takeHeld = useCallback(() => {
    const codes = held.current;
    held.current = [];
    setHeldCount(0);
    return codes;
  }, []);

  const submit = useCallback(
    async (raw: string) => {
      const code = cleanCode(raw);
      if (!code) return;
      const { body, unavailable } = latest.current;
      // Said at once, in red, so the last card shown is not taken for this one's answer.
      const refuse = (reason: string) => {
        lastShown.current = ++counter.current;
        latest.current.onRefusal?.({ code, reason });
        show({ kind: 'refusal', code, reason });
      };
      if (!isCardLike(code)) return refuse(i18n.fixation.card.notACard);
      if (unavailable) return refuse(unavailable);
      const payload = body(code);
      if (payload) return send(payload);
      if (held.current.length < MAX_HELD && !held.current.includes(code)) {
        held.current.push(code);
        setHeldCount(held.current.length);
      }
    },
    [send, show],
  );

  // Once the screen is ready, the held scans go out in the order they were made; if it turns out it
  // can never record, they are refused with the reason, each as a scan would be.
  useEffect(() => {
    if (held.current.length === 0) return;
    const { body, unavailable } = latest.current;
    if (unavailable) {
      const codes = takeHeld();
      for (const code of codes) void submit(code);
      return;
    }
    if (body(held.current[0]!) === null) return;
    const codes = takeHeld();
    for (const code of codes) {
      const payload = body(code);
      if (payload) void send(payload);
    }
  });

  useEffect(
    () =>
      queue.onOutcome((o) => {
        if (o.kind === 'recorded') latest.current.onRecorded();
        const late = feedbackOf(o);
        if (late?.kind === 'refusal') {
          latest.current.onRefusal?.(late);
          latest.current.onLateRefusal?.(late.code, late.reason);
        }
      }),
    [queue],
  );

  // The amber «no network» card says scans wait: once none waits any more, it is no longer true.
  useEffect(
    () =>
      queue.onPending((n) => {
        if (n === 0) setFeedback((f) => (f.kind === 'queued' ? { kind: 'idle' } : f));
      }),
    [queue],
  );

  useEffect(() => {
    if (feedback.kind === 'idle') return;
    const timer = setTimeout(() => setFeedback({ kind: 'idle' }), clearAfterMs);
    return () => clearTimeout(timer);
  }, [feedback, clearAfterMs]);

  const retryNow = useCallback(() => void queue.retryNow(), [queue]);

  return { feedback, sending: sending + heldCount, pending, submit, retryNow };
}
