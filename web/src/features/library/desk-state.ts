import { LOAN_MESSAGES, type LibraryStudent, type ScannedBookBarcode } from '@tamaq/contract/library';

/** The desk's mode: set by the first copy scanned (docs/product.md "States"), cleared with the student. */
export type DeskMode = 'issue' | 'return';

export interface Desk {
  student: LibraryStudent | null;
  mode: DeskMode | null;
  copies: ScannedBookBarcode[];
}

export const EMPTY_DESK: Desk = { student: null, mode: null, copies: [] };

/**
 * Whether a scanned copy joins the list (docs/product.md "States"): the first copy sets the mode — taking back
 * when it is on hand, issuing otherwise; later copies must match it; a copy already in the list is
 * refused, and so is a copy on hand with another student (neither issued nor taken back here).
 */
export function admitCopy(desk: Desk, copy: ScannedBookBarcode): { desk: Desk } | { error: string } {
  if (desk.copies.some((c) => c.id === copy.id)) return { error: LOAN_MESSAGES.alreadySelected };
  if (copy.is_on_hands && !copy.is_own) return { error: LOAN_MESSAGES.heldByOther(copy.holder?.name ?? '') };
  const mode: DeskMode = copy.is_on_hands ? 'return' : 'issue';
  if (desk.mode !== null && desk.mode !== mode) {
    return { error: copy.is_on_hands ? LOAN_MESSAGES.alreadyIssued : LOAN_MESSAGES.alreadyAccepted };
  }
  return { desk: { ...desk, mode, copies: [...desk.copies, copy] } };
}

/** A copy taken off the list; the mode goes with the last one. */
export function dropCopy(desk: Desk, id: number): Desk {
  const copies = desk.copies.filter((c) => c.id !== id);
  return { ...desk, copies, mode: copies.length === 0 ? null : desk.mode };
}

/** How many copies of `copy`'s title the student at the desk holds or has in the list already. */
export function sameTitleCount(desk: Desk, copy: ScannedBookBarcode): number {
  const held = desk.student?.loans.filter((l) => l.book_id === copy.book.id).length ?? 0;
  return held + desk.copies.filter((c) => c.book.id === copy.book.id).length;
}
