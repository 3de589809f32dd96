import { normaliseCardNumber, type UserRef } from '@tamaq/contract/cards';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export type CardLookup = { kind: 'holder'; holder: UserRef } | { kind: 'free' } | { kind: 'unknown' };

/**
 * Who holds the scanned card: the organization's card list searched by the number (it also matches
 * holders' names and parts of numbers, so only an exact number counts).
 */
export async function findCardHolder(code: string): Promise<CardLookup> {
  const number = normaliseCardNumber(code);
  const { rows } = await callEndpoint('cards', 'list', { query: { query: number, limit: 50, offset: 0 } });
  const card = rows.find((c) => c.number === number);
  if (!card) return { kind: 'unknown' };
  return card.user ? { kind: 'holder', holder: card.user } : { kind: 'free' };
}
