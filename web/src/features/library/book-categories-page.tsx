import type { BookCategory } from '@tamaq/contract/library';
import { i18n } from '../../i18n/texts.ts';
import { ResourceList } from '../../ui/resource-list.tsx';
import { bookCategoriesResource } from './book-categories-resource.ts';

const t = i18n.library.categories;

/** '/books/categories' (docs/product.md): a school's book categories with search, pages, add, edit and delete. */
export function BookCategoriesPage() {
  return (
    <ResourceList<BookCategory>
      resource={bookCategoriesResource}
      texts={t}
      formPath="/books/category"
      testId="book-categories-page"
      perSchool
      editPath={(row) => `/books/category/${row.schoolId}/${row.id}`}
      leading={[{ key: 'id', title: 'ID', dataIndex: 'id', width: 90 }]}
      columns={[]}
    />
  );
}
