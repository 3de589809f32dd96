import { PAGINATION_WINDOW } from '@tamaq/contract/constants';

/**
 * Page numbers to show around the current one: 6 behind and 5 ahead, 3 and 2 on a narrow screen
 * (docs/product.md "Limits"), clamped to the existing pages. Empty when there are no pages.
 */
export function paginationWindow(current: number, totalPages: number, mobile: boolean): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), totalPages);
  const behind = mobile ? PAGINATION_WINDOW.mobileBehind : PAGINATION_WINDOW.behind;
  const ahead = mobile ? PAGINATION_WINDOW.mobileAhead : PAGINATION_WINDOW.ahead;
  const from = Math.max(1, page - behind);
  const to = Math.min(totalPages, page + ahead);
  const pages: number[] = [];
  for (let p = from; p <= to; p++) pages.push(p);
  return pages;
}

/** Number of pages for `total` rows, at least 1 when there is any row. */
export function pageCount(total: number, limit: number): number {
  if (total <= 0 || limit <= 0) return 0;
  return Math.ceil(total / limit);
}

/** The 1-based page an offset falls on. */
export function pageOfOffset(offset: number, limit: number): number {
  if (limit <= 0) return 1;
  return Math.floor(Math.max(0, offset) / limit) + 1;
}
