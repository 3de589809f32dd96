const NBSP = '\u00a0';

/**
 * '1234567.50' (the server's exact decimal) -> '1 234 567,50 ₸' for the screen, by text alone: money
 * never passes through a float on its way to the user.
 */
export function formatCost(cost: string | null | undefined, currency = '₸'): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec((cost ?? '').trim());
  if (!match) return cost ?? '';
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${sign}${grouped},${fraction.padEnd(2, '0').slice(0, 2)}${NBSP}${currency}`;
}
