import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The library desk's calls, by their names in the contract. */
export const desk = {
  student: (schoolId: number, card: string) => callEndpoint('book-loans', 'student', { query: { schoolId, card } }),
  copy: (barcode: string, userId: number) =>
    callEndpoint('book-loans', 'byBarcode', { query: { barcode, user_id: userId } }),
  issue: (userId: number, copyIds: number[], expiredAt: string) =>
    callEndpoint('book-loans', 'issue', { body: { user_id: userId, book_ids: copyIds, expired_at: expiredAt } }),
  renew: (userId: number, copyIds: number[], expiredAt: string) =>
    callEndpoint('book-loans', 'renew', { body: { user_id: userId, book_ids: copyIds, expired_at: expiredAt } }),
  takeBack: (userId: number, copyIds: number[]) =>
    callEndpoint('book-loans', 'takeBack', { body: { user_id: userId, book_ids: copyIds, expired_at: '' } }),
  subscribe: (schoolId: number) => callEndpoint('book-loans', 'subscribe', { body: { schoolId } }),
};
