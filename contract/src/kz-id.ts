import { withKazakh } from './languages.ts';
import { z } from './zod.ts';

/**
 * Kazakhstan's 12-digit personal (ИИН) and business (БИН) identification numbers share one check
 * digit: the weighted sum of the first 11 digits modulo 11 with weights 1..11, or, when that gives
 * 10, with weights 3..11,1,2; a second 10 means no number may end that way.
 */
const W1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const W2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2];

export function kzCheckDigit(first11: string): number | null {
  const digits = [...first11].map(Number);
  const sum = (w: number[]) => digits.reduce((s, d, i) => s + d * w[i]!, 0) % 11;
  let r = sum(W1);
  if (r === 10) r = sum(W2);
  return r === 10 ? null : r;
}

const hasValidCheckDigit = (v: string): boolean => /^\d{12}$/.test(v) && kzCheckDigit(v.slice(0, 11)) === Number(v[11]);

/** An IIN: 12 digits, a real birth date (YYMMDD) and a valid check digit. */
export function isValidIin(v: string): boolean {
  if (!hasValidCheckDigit(v)) return false;
  const month = Number(v.slice(2, 4));
  const day = Number(v.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

export const isValidBin = hasValidCheckDigit;

export const ID_MESSAGES = withKazakh(
  {
    iin: 'Неверный ИИН',
    bin: 'Неверный БИН',
  } as const,
  { iin: 'ЖСН қате', bin: 'БСН қате' },
);

/** Optional IIN field: empty becomes null; anything else must be a valid IIN. */
export const optionalIin = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidIin(v), { error: ID_MESSAGES.iin });

export const optionalBin = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidBin(v), { error: ID_MESSAGES.bin });

export const requiredBin = () =>
  z
    .string({ error: 'Обязательное поле' })
    .trim()
    .min(1, { error: 'Обязательное поле', abort: true })
    .refine(isValidBin, { error: ID_MESSAGES.bin });

/** Makes a valid IIN from a birth date (YYMMDD), a century/sex digit and a serial: for demo data and tests. */
export function makeIin(yymmdd: string, centurySex: number, serial: number): string {
  for (let s = serial; s < serial + 100; s++) {
    const first11 = `${yymmdd}${centurySex}${String(s % 10000).padStart(4, '0')}`;
    const check = kzCheckDigit(first11);
    if (check !== null) return `${first11}${check}`;
  }
  throw new Error('no valid IIN near this serial');
}

/** Makes a valid BIN from its first 10 digits' prefix and a serial: for demo data and tests. */
export function makeBin(prefix: string, serial: number): string {
  for (let s = serial; s < serial + 100; s++) {
    const first11 = `${prefix}${String(s).padStart(11 - prefix.length, '0')}`.slice(0, 11);
    const check = kzCheckDigit(first11);
    if (check !== null) return `${first11}${check}`;
  }
  throw new Error('no valid BIN near this serial');
}
