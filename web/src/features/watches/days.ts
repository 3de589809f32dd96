import { parseDays } from '@tamaq/contract/watches';

/** "1,5,31" as the server sends it -> [1, 5, 31]; anything unreadable reads as no days. */
export const daysOf = (text: string | null | undefined): number[] => parseDays(text ?? '') ?? [];

/** Runs of three or more consecutive days shorten to a range: [1,2,3,5,7,8] -> "1–3, 5, 7, 8". */
export function compactDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(', ');
}
