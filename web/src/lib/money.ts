const NBSP = '\u00a0';

/**
 * '1234567.50' (the server's exact decimal) -> '1 234 567,50 тг.' for the screen, by text alone: money
 * never passes through a float on its way to the user.
 */
export function formatCost(cost: string | null | undefined, currency = 'тг.'): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec((cost ?? '').trim());
  if (!match) return cost ?? '';
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${sign}${grouped},${fraction.padEnd(2, '0').slice(0, 2)}${NBSP}${currency}`;
}

/** '450.5' or '450.50' -> 45050 tiyn (an integer: sums of them stay exact); NaN for anything else. */
export function toTiyn(cost: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cost.trim());
  if (!match) return NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 135150 tiyn -> '1351.50', the server's form of an amount. */
export function fromTiyn(tiyn: number): string {
  const sign = tiyn < 0 ? '-' : '';
  const abs = Math.abs(Math.round(tiyn));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
