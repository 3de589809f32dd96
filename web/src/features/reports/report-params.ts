/** An id from the link: a positive integer, else none. */
export const positiveId = (v: string | undefined): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A list of ids from the link (`1,2`); anything else in it is left out. */
export const idList = (v: string | undefined): number[] =>
  (v ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
