import { PrinterOutlined } from '@ant-design/icons';
import type { BookImportResult } from '@tamaq/contract/library';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { ImportButton } from '../../ui/import-button.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { booksResource } from './books-resource.ts';
import { endpointPath } from '../../lib/endpoint-client.ts';
import { refreshAfterWrite } from '../../lib/refresh.ts';

const t = i18n.library.books;

/**
 * The books list's Excel import: the template, the upload with
 * its progress, the rows with a problem shown before anything is written (the valid ones loaded when
 * asked, the others downloaded with their reasons), one question before thousands of copies, categories it would
 * create, or copies added to books the library has already), then a link to the new
 * copies' labels, printed sheet by sheet on a page of their own.
 */
export function BooksImport({ schoolId }: { schoolId: number | null }) {
  const href = useDownloadHref();
  const client = useQueryClient();
  const [last, setLast] = useState<BookImportResult | null>(null);
  return (
    <>
      <ImportButton
        preview
        url={schoolId ? endpointPath('books', 'upload', { query: { school_id: schoolId } }) : ''}
        rejectedUrl={schoolId ? endpointPath('books', 'rejectedRows', { query: { school_id: schoolId } }) : undefined}
        templateHref={href(endpointPath('books', 'template'))}
        disabled={!schoolId}
        doneText={(r) => {
          const result = r as BookImportResult;
          return t.imported(result.created, result.updated, result.copies);
        }}
        onDone={(r) => {
          setLast(r as BookImportResult);
          void refreshAfterWrite(client, booksResource.key);
        }}
      />
      {last && last.copies > 0 && last.import_id !== undefined && (
        <LinkButton
          icon={<PrinterOutlined />}
          to={`/books/imports/${last.import_id}/labels`}
          data-testid="import-labels-link"
        >
          {t.printImported(last.copies)}
        </LinkButton>
      )}
    </>
  );
}
