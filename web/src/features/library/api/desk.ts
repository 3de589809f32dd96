import { HEADERS } from '@tamaq/contract/constants';
import type { OverdueRule } from '@tamaq/contract/library';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The Idempotency-Key of one issue, renewal or return, kept by the desk for its retries. */
const loan = (
  name: 'issue' | 'renew' | 'takeBack',
  userId: number,
  copyIds: number[],
  expiredAt: string,
  key: string,
) =>
  callEndpoint(
    'book-loans',
    name,
    { body: { user_id: userId, book_ids: copyIds, expired_at: expiredAt } },
    { headers: { [HEADERS.idempotency]: key } },
  );

/** The library desk's calls, by their names in the contract. */
export const desk = {
  student: (schoolId: number, card: string) => callEndpoint('book-loans', 'student', { query: { schoolId, card } }),
  copy: (barcode: string, userId: number) =>
    callEndpoint('book-loans', 'byBarcode', { query: { barcode, user_id: userId } }),
  issue: (userId: number, copyIds: number[], expiredAt: string, key: string) =>
    loan('issue', userId, copyIds, expiredAt, key),
  renew: (userId: number, copyIds: number[], expiredAt: string, key: string) =>
    loan('renew', userId, copyIds, expiredAt, key),
  takeBack: (userId: number, copyIds: number[], key: string) => loan('takeBack', userId, copyIds, '', key),
  checkIn: (schoolId: number, barcode: string) =>
    callEndpoint('book-loans', 'checkIn', { body: { schoolId, barcode } }),
  subscribe: (schoolId: number) => callEndpoint('book-loans', 'subscribe', { body: { schoolId } }),
  settings: (schoolId: number, signal?: AbortSignal) =>
    callEndpoint('book-loans', 'settings', { query: { schoolId } }, { signal }),
  saveSettings: (schoolId: number, rule: OverdueRule) =>
    callEndpoint('book-loans', 'saveSettings', { body: { schoolId, overdue_rule: rule } }),
};
