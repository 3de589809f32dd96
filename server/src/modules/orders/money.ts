/** Money as the database writes it (numeric text, tenge with two decimals), exact to the tiyn. */

/** A price as the database writes it: tenge with two decimals ("115.00"). */
export const moneyText = (v: string) => {
  const [whole = '0', part = ''] = v.split('.');
  return `${BigInt(whole)}.${(part + '00').slice(0, 2)}`;
};
/** "1 115,50 тг." */
export const ruMoney = (v: string) => {
  const [whole, part] = moneyText(v).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${part} тг.`;
};
/** Tiyn of an amount the database wrote ("115.50"): exact, as a bigint. */
export const tiyn = (v: string) => {
  const [whole, part] = moneyText(v).split('.');
  return BigInt(whole!) * 100n + BigInt(part!);
};
export const fromTiyn = (t: bigint) => `${t / 100n}.${String(t % 100n).padStart(2, '0')}`;
/** The change from the cash handed over, or null when none was typed. */
export const changeOf = (received: string | null, amount: string) =>
  received === null ? null : fromTiyn(tiyn(received) - tiyn(amount));
