/**
 * Code 128 (ISO/IEC 15417), the symbology of the library's labels: any printable ASCII, and digit
 * pairs packed two to a symbol (code set C), so a 12-digit generated barcode prints narrow enough
 * for a 70 mm label. Made in the browser, as bar and space widths in modules.
 */

/** Bar/space widths of the symbols 0–106 (six widths each, eleven modules; the stop has seven). */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

const START_B = 104;
const START_C = 105;
const CODE_B = 100;
const STOP = 106;

/** Whether a text can be encoded: printable ASCII (space to tilde), at least one character. */
export const isCode128Text = (text: string): boolean => /^[\x20-\x7e]+$/.test(text);

/**
 * The symbol values of a text, with start, check and stop: code set C for a run of at least four
 * digits at the start (an even number of them), code set B for the rest.
 */
export function code128Values(text: string): number[] {
  if (!isCode128Text(text)) throw new Error('Code 128: только печатные символы ASCII');
  const values: number[] = [];
  const leadingDigits = /^\d*/.exec(text)![0].length;
  let i = 0;
  if (leadingDigits >= 4) {
    values.push(START_C);
    const pairs = leadingDigits - (leadingDigits % 2);
    for (; i < pairs; i += 2) values.push(Number(text.slice(i, i + 2)));
    if (i < text.length) values.push(CODE_B);
  } else {
    values.push(START_B);
  }
  for (; i < text.length; i++) values.push(text.charCodeAt(i) - 32);
  const check = values.reduce((sum, v, k) => sum + v * Math.max(k, 1), 0) % 103;
  return [...values, check, STOP];
}

/** Bar and space widths in modules, starting with a bar: the quiet zones are the caller's. */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((v) => [...PATTERNS[v]!].map(Number));
}
