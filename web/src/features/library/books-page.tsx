import { BarcodeOutlined } from '@ant-design/icons';
import type { BookListRow } from '@tamaq/contract/library';
import { i18n } from '../../i18n/texts.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResourceList } from '../../ui/resource-list.tsx';
import { BooksImport } from './books-import.tsx';
import { booksResource } from './books-resource.ts';

const t = i18n.library.books;

/**
 * '/books' (docs/product.md): a school's books with search by name, author or barcode, pages, add, edit,
 * delete, and each book's copies.
 */
export function BooksPage() {
  return (
    <ResourceList<BookListRow>
      resource={booksResource}
      texts={t}
      formPath="/books"
      testId="books-page"
      perSchool
      searchWidth={420}
      actionsWidth={150}
      editPath={(row) => `/books/${row.schoolId}/${row.id}`}
      leading={[{ key: 'id', title: 'ID', dataIndex: 'id', width: 80 }]}
      toolbar={(schoolId) => <BooksImport schoolId={schoolId} />}
      columns={[
        { key: 'category', title: t.category, render: (_, row) => row.category?.name ?? '—' },
        { key: 'authors', title: t.authors, dataIndex: 'authors' },
        { key: 'publisher', title: t.publisher, dataIndex: 'publisher' },
        { key: 'year', title: t.year, dataIndex: 'year', width: 80 },
      ]}
      rowActions={(row) => (
        <LinkButton
          type="text"
          to={`/books/${row.id}/barcodes`}
          // The copies' count is written beside the icon and said in the name: what is seen is heard.
          aria-label={row.count > 0 ? `${t.barcodesOf(row.name)}: ${row.count}` : t.barcodesOf(row.name)}
          title={t.barcodes}
          icon={<BarcodeOutlined aria-hidden />}
        >
          {row.count > 0 ? row.count : null}
        </LinkButton>
      )}
    />
  );
}
