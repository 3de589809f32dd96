import { BOOK_LABELS_PAGE, type BookHistoryAction } from '@tamaq/contract/library';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { booksResource } from '../books-resource.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** After a copy is added or removed, the book and the lists that count its copies are stale. */
const useRefreshBooks = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: booksResource.key });
};

/** `count` new copies with generated barcodes. */
export function useGenerateCopies() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (body: { book_id: number; count: number }) => callEndpoint('books', 'generateCopies', { body }),
    onSuccess: refresh,
  });
}

/** A copy with the barcode already on its label. */
export function useAddCopy() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (body: { book_id: number; barcode: string }) => callEndpoint('books', 'addCopy', { body }),
    onSuccess: refresh,
  });
}

export function useRemoveCopy() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (id: number) => callEndpoint('books', 'removeCopy', { params: { id } }),
    onSuccess: refresh,
  });
}

/** Several copies of one book at once, all or none. */
export function useRemoveCopies() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (body: { book_id: number; ids: number[] }) => callEndpoint('books', 'removeCopies', { body }),
    onSuccess: refresh,
  });
}

/** A copy's history with its book's, a page of 30. */
export function useCopyHistory(
  barcodeId: number | null,
  page: { limit: number; offset: number },
  action?: BookHistoryAction,
) {
  return useQuery({
    queryKey: [...booksResource.key, 'history', barcodeId ?? 0, page, action ?? null] as const,
    queryFn: () =>
      callEndpoint('books', 'history', {
        body: { book_barcode_id: barcodeId!, action: action ?? null, ...page },
      }),
    enabled: barcodeId !== null,
    placeholderData: keepPreviousData,
  });
}

/** A page of 20 label sheets of one book file. */
export function useImportLabels(importId: number | null, offset: number) {
  return useQuery({
    queryKey: [...booksResource.key, 'import-labels', importId, offset],
    queryFn: ({ signal }) =>
      callEndpoint(
        'books',
        'importLabels',
        { params: { id: importId! }, query: { offset, limit: BOOK_LABELS_PAGE } },
        { signal },
      ),
    enabled: importId !== null,
    placeholderData: keepPreviousData,
  });
}
