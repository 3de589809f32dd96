import { ScanRefusal, type Fixation, type ScannedFixation } from '@tamaq/contract/fixations';
import { errorText } from '../../lib/api-error.ts';
import type { ScanOutcome } from '../../lib/scan-queue.ts';
import type { ScanTone } from '../../lib/scan-sounds.ts';

/** Who a refused card belongs to, when the server knows (a repeat, a watch day, no category). */
export type RefusedPerson = NonNullable<ScanRefusal['person']>;

/** What the big card at the queue shows after a scan. */
export type Feedback =
  | { kind: 'idle' }
  | { kind: 'success'; code: string; fixation: ScannedFixation }
  | { kind: 'refusal'; code: string; reason: string; person?: RefusedPerson }
  | { kind: 'queued'; code: string };

const TOO_MANY_REQUESTS = 429;

/** The same card again within 3 s: a double beep of the scanner, not a second meal (docs/product.md "Errors"). */
export const isDoubleScan = (outcome: ScanOutcome<unknown>): boolean =>
  outcome.kind === 'refused' && outcome.error.status === TOO_MANY_REQUESTS;

const codeOf = (outcome: ScanOutcome<unknown>) => String(outcome.scan.body.cardId ?? '');

/**
 * The card for an answer; null for a double scan, which is ignored silently: no card, no sound,
 * whatever the screen showed stays.
 */
export function feedbackOf(outcome: ScanOutcome<Fixation>): Feedback | null {
  const code = codeOf(outcome);
  switch (outcome.kind) {
    case 'recorded':
      return { kind: 'success', code, fixation: outcome.result };
    case 'queued':
      return { kind: 'queued', code };
    case 'refused':
      if (isDoubleScan(outcome)) return null;
      return { kind: 'refusal', code, reason: errorText(outcome.error), ...personOf(outcome.error) };
  }
}

const personOf = (error: { body?: unknown }): { person?: RefusedPerson } => {
  const refusal = ScanRefusal.safeParse(error.body);
  return refusal.success && refusal.data.person ? { person: refusal.data.person } : {};
};

/** The sound that goes with a card; the idle card is silent. */
export function toneOf(feedback: Feedback): ScanTone | null {
  switch (feedback.kind) {
    case 'success':
      return 'success';
    case 'refusal':
      return 'refusal';
    case 'queued':
      return 'queued';
    default:
      return null;
  }
}

/** A scan or a typed number as the server wants it: one line, trimmed; null when nothing is left. */
export function cleanCode(raw: string): string | null {
  const code = raw.replace(/[\r\n]+/g, '').trim();
  return code === '' ? null : code;
}

/** A card number has at least 4 characters: anything shorter is not sent. */
export const isCardLike = (code: string): boolean => code.length > 3;
