import type { LibraryStudent, LoanResult, ScannedBookBarcode } from '@tamaq/contract/library';
import { api } from '../../../lib/api-client.ts';
import type { LiveTicket } from '../../../lib/live-channel.ts';

/** The library desk's calls (spec 2 §7; the student lookup's path is ours). */
export const desk = {
  student: (schoolId: number, card: string) => api.get<LibraryStudent>('/api/book/student', { schoolId, card }),
  copy: (barcode: string, userId: number) =>
    api.get<ScannedBookBarcode>('/api/book/by/barcode', { barcode, user_id: userId }),
  issue: (userId: number, copyIds: number[], expiredAt: string) =>
    api.post<LoanResult>('/api/book/issuance', { user_id: userId, book_ids: copyIds, expired_at: expiredAt }),
  renew: (userId: number, copyIds: number[], expiredAt: string) =>
    api.post<LoanResult>('/api/book/renewal', { user_id: userId, book_ids: copyIds, expired_at: expiredAt }),
  takeBack: (userId: number, copyIds: number[]) =>
    api.post<LoanResult>('/api/book/returning', { user_id: userId, book_ids: copyIds, expired_at: '' }),
  subscribe: (schoolId: number) => api.post<LiveTicket>('/api/book/subscribe', { schoolId }),
};
