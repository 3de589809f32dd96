import { Book, BookCreate, BookUpdate } from '@tamaq/contract/library';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Calls": a school library's books (the list carries no barcodes; one book does). */
export const booksResource = defineResource({
  key: 'books',
  group: 'books',
  row: Book,
  create: BookCreate,
  update: BookUpdate,
});
