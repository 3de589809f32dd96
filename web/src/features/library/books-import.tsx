import { PrinterOutlined } from '@ant-design/icons';
import type { BookImportResult } from '@tamaq/contract/library';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { ru } from '../../i18n/ru.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { ImportButton } from '../../ui/import-button.tsx';
import { BookLabels, type BookLabel } from './book-labels.tsx';
import { booksResource } from './books-resource.ts';

const t = ru.library.books;

/**
 * The books list's Excel import (spec 2 §7 `POST /api/books/upload`): the template, the upload with
 * its progress and refused rows, then the new copies' labels ready to print.
 */
export function BooksImport({ schoolId }: { schoolId: number | null }) {
  const href = useDownloadHref();
  const client = useQueryClient();
  const [labels, setLabels] = useState<BookLabel[]>([]);
  return (
    <>
      <ImportButton
        url={schoolId ? `/api/books/upload?school_id=${schoolId}` : ''}
        templateHref={href('/api/books/template')}
        disabled={!schoolId}
        doneText={(r) => t.imported(r.imported, (r as BookImportResult).copies)}
        onDone={(r) => {
          setLabels((r as BookImportResult).labels ?? []);
          void client.invalidateQueries({ queryKey: booksResource.key });
        }}
      />
      {labels.length > 0 && (
        <>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-import-labels">
            {t.printImported(labels.length)}
          </Button>
          <BookLabels labels={labels} />
        </>
      )}
    </>
  );
}
