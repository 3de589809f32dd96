import { LOAN_MESSAGES as M, type ScannedBookBarcode } from '@tamaq/contract/library';
import { describe, expect, it } from 'vitest';
import { admitCopy, dropCopy, EMPTY_DESK, sameTitleCount, type Desk } from './desk-state.ts';

const copy = (id: number, onHands: 'no' | 'own' | 'other'): ScannedBookBarcode => ({
  id,
  barcode: `20000100000${id}`,
  book: { id: 1, name: 'Алгебра 7', authors: 'Абылкасымова', publisher: 'Мектеп', year: 2017 },
  is_on_hands: onHands !== 'no',
  is_own: onHands === 'own',
  holder: onHands === 'other' ? { id: 9, name: 'Болат' } : onHands === 'own' ? { id: 1, name: 'Айгерим' } : null,
  expired_at: onHands === 'no' ? null : '2026-10-01',
});
const admitted = (desk: Desk, c: ScannedBookBarcode) => {
  const r = admitCopy(desk, c);
  if ('error' in r) throw new Error(r.error);
  return r.desk;
};

describe('the desk', () => {
  it('lets the first copy set the mode and refuses copies of the other mode', () => {
    const issuing = admitted(EMPTY_DESK, copy(1, 'no'));
    expect(issuing.mode).toBe('issue');
    expect(admitCopy(issuing, copy(2, 'own'))).toEqual({ error: M.alreadyIssued });
    const returning = admitted(EMPTY_DESK, copy(1, 'own'));
    expect(returning.mode).toBe('return');
    expect(admitCopy(returning, copy(2, 'no'))).toEqual({ error: M.alreadyAccepted });
  });

  it('refuses a copy already in the list, and one another student holds', () => {
    const desk = admitted(EMPTY_DESK, copy(1, 'no'));
    expect(admitCopy(desk, copy(1, 'no'))).toEqual({ error: M.alreadySelected });
    expect(admitCopy(EMPTY_DESK, copy(3, 'other'))).toEqual({ error: M.heldByOther('Болат') });
  });

  it('forgets the mode with the last copy taken off the list', () => {
    const desk = admitted(admitted(EMPTY_DESK, copy(1, 'no')), copy(2, 'no'));
    expect(dropCopy(desk, 1).mode).toBe('issue');
    expect(dropCopy(dropCopy(desk, 1), 2)).toMatchObject({ mode: null, copies: [] });
  });

  it('counts the copies of a title the student holds and has in the list', () => {
    const student = {
      id: 1,
      name: 'Айгерим',
      image: null,
      classroom: null,
      schoolId: 1,
      on_hands: 2,
      overdue: 0,
      overdue_rule: 'warn' as const,
      loans: [
        {
          book_id: 1,
          barcode: 'X1',
          name: 'Алгебра 7',
          authors: '',
          expired_at: '2026-12-20',
          status: 'normal' as const,
        },
        {
          book_id: 2,
          barcode: 'X2',
          name: 'Физика 7',
          authors: '',
          expired_at: '2026-12-20',
          status: 'normal' as const,
        },
      ],
    };
    const desk = { ...EMPTY_DESK, student };
    expect(sameTitleCount(desk, copy(1, 'no'))).toBe(1);
    expect(sameTitleCount(admitted(desk, copy(1, 'no')), copy(2, 'no'))).toBe(2);
    const other = { ...copy(3, 'no'), book: { ...copy(3, 'no').book, id: 3 } };
    expect(sameTitleCount(desk, other)).toBe(0);
    expect(sameTitleCount(EMPTY_DESK, copy(1, 'no'))).toBe(0);
  });
});
