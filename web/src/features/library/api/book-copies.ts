import type { Ok } from '@tamaq/contract/common';
import {
  BOOK_LABELS_PAGE,
  type Book,
  type BookBarcodesRemoved,
  type BookHistory,
  type BookHistoryAction,
  type BookImportLabels,
} from '@tamaq/contract/library';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { booksResource } from '../books-resource.ts';

/** After a copy is added or removed, the book and the lists that count its copies are stale. */
const useRefreshBooks = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: booksResource.key });
};

/** `POST /api/book/count`: `count` new copies with generated barcodes. */
export function useGenerateCopies() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (body: { book_id: number; count: number }) => api.post<Book>('/api/book/count', body),
    onSuccess: refresh,
  });
}

/** `POST /api/book/barcode`: a copy with the barcode already on its label. */
export function useAddCopy() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (body: { book_id: number; barcode: string }) => api.post<Book>('/api/book/barcode', body),
    onSuccess: refresh,
  });
}

export function useRemoveCopy() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (id: number) => api.delete<Ok>(`/api/book/barcode/${id}`),
    onSuccess: refresh,
  });
}

/** `POST /api/book/barcodes/remove`: several copies of one book at once, all or none. */
export function useRemoveCopies() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (body: { book_id: number; ids: number[] }) =>
      api.post<BookBarcodesRemoved>('/api/book/barcodes/remove', body),
    onSuccess: refresh,
  });
}

/** `POST /api/book/histories`: a copy's history with its book's, a page of 30. */
export function useCopyHistory(
  barcodeId: number | null,
  page: { limit: number; offset: number },
  action?: BookHistoryAction,
) {
  return useQuery({
    queryKey: [...booksResource.key, 'history', barcodeId ?? 0, page, action ?? null] as const,
    queryFn: () =>
      api.post<BookHistory>('/api/book/histories', { book_barcode_id: barcodeId, action: action ?? null, ...page }),
    enabled: barcodeId !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/books/import/:id/labels`: a page of 20 label sheets of one book file. */
export function useImportLabels(importId: number | null, offset: number) {
  return useQuery({
    queryKey: [...booksResource.key, 'import-labels', importId, offset],
    queryFn: ({ signal }) =>
      api.get<BookImportLabels>(
        `/api/books/import/${importId}/labels`,
        { offset, limit: BOOK_LABELS_PAGE },
        { signal },
      ),
    enabled: importId !== null,
    placeholderData: keepPreviousData,
  });
}
