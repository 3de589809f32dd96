import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * Every schema imports `z` from here so that the Russian messages are configured once, for the
 * server's 422 answers and the web forms alike.
 */
z.config(z.locales.ru());

export { msg };

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export interface TextOptions {
  /** A text of several lines (a description, contacts): line breaks and tabs are kept. */
  lines?: boolean;
}

/**
 * The one rule for control characters in text: a one-line field (a name, a title, an address)
 * refuses every one — a line break in a name would reach a mail's subject or a CSV row — and a
 * text of several lines refuses all but the line breaks and tabs.
 */
export const plainText = (v: string, opts: TextOptions = {}) => !(opts.lines ? CONTROL_BUT_LINES : CONTROL).test(v);
const textRule = (opts: TextOptions) =>
  [(v: string) => plainText(v, opts), { error: opts.lines ? msg.controlChars : msg.oneLine }] as const;

/** A required, trimmed string: empty or whitespace-only input answers "Обязательное поле". */
export const requiredText = (max = 255, opts: TextOptions = {}) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(max, { error: msg.tooLong(max) })
    .refine(...textRule(opts));

export const optionalText = (max = 255, opts: TextOptions = {}) =>
  z
    .string()
    .trim()
    .max(max, { error: msg.tooLong(max) })
    .refine(...textRule(opts))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A trimmed string that may be left out: absent stays absent (`undefined`: an update keeps what is
 * stored), and an empty one is `null` (cleared).
 */
export const keptText = (max = 255, opts: TextOptions = {}) =>
  z
    .string()
    .trim()
    .max(max, { error: msg.tooLong(max) })
    .refine(...textRule(opts))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

export const email = () =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(254, { error: msg.tooLong(254) })
    .pipe(z.email({ error: msg.email }))
    .transform((v) => v.toLowerCase());

export const newPassword = () =>
  z
    .string({ error: msg.required })
    .min(1, { error: msg.required })
    .min(8, { error: msg.passwordShort })
    .max(128, { error: msg.tooLong(128) });

export const id = () =>
  z.coerce
    .number({ error: msg.positiveId })
    .int({ error: msg.positiveId })
    .positive({ error: msg.positiveId })
    .max(2_147_483_647, { error: msg.positiveId });

/**
 * An id in a JSON body: a number as sent. `id()` coerces, as path and query strings need, which in a
 * body would take `true` for 1 and `[3]` for 3.
 */
export const bodyId = () =>
  z
    .number({ error: msg.positiveId })
    .int({ error: msg.positiveId })
    .positive({ error: msg.positiveId })
    .max(2_147_483_647, { error: msg.positiveId });

/** An optional id in a query string: '' and absent mean no filter. */
export const optionalQueryId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), id().optional());

export { z };

/** A query flag: '1'/'true' on, '0'/'false'/'' off (the seed's web sends `isPupils=1`). */
export const queryFlag = () =>
  z.preprocess(
    (v) => (v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' || v === '' ? false : v),
    z.boolean({ error: 'Ожидается 1 или 0' }).default(false),
  );
