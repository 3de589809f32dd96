import { BookCategoryCreate, type BookCategory } from '@tamaq/contract/library';
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { canOpen, HOME_BY_ROLE } from '@tamaq/contract/routes';
import { useParams } from 'react-router';
import { useSession } from '../../lib/use-session.ts';
import { i18n } from '../../i18n/texts.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { positiveParam, ResourceForm } from '../../ui/resource-form.tsx';
import { schoolOptionsQuery } from '../../ui/school-select.tsx';
import { bookCategoriesResource } from './book-categories-resource.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.library.categories;

/** '/books/category/:schoolId/create' and '/books/category/:schoolId/:id' (docs/product.md): the category's name. */
export function BookCategoryFormPage() {
  const params = useParams();
  const schoolId = positiveParam(params.schoolId);
  const category = bookCategoriesResource.useOne(positiveParam(params.id));
  const schools = useQuery(schoolOptionsQuery());
  const school = category.data?.school ?? schools.data?.rows.find((s) => s.id === schoolId);
  // The kindergarten admin may create a category (docs/product.md) but not open the list: back to their
  // kindergartens, a screen they can use, rather than to a refusal.
  const role = useSession()?.role;
  const list = `/books/categories${schoolId ? `?schoolId=${category.data?.schoolId ?? schoolId}` : ''}`;
  const back = canOpen(role, '/books/categories') ? list : role ? HOME_BY_ROLE[role] : '/';
  return (
    <ResourceForm
      resource={bookCategoriesResource}
      texts={{
        title: t.title,
        newTitle: t.newTitle,
        editTitle: t.editTitle,
        created: t.created,
        saved: t.saved,
        loadFailed: t.loadFailed,
      }}
      backPath={back}
      crumbs={school ? [nameText(school)] : []}
      invalid={schoolId === null}
      testId="book-category-form-page"
      maxWidth={560}
      skeletonRows={1}
      values={(c) => ({ name: c?.name ?? '' })}
      // An edit keeps the category in its own school, whatever the address says.
      body={({ name }, c: BookCategory | null) => ({ schoolId: c?.schoolId ?? schoolId ?? 0, name })}
    >
      <Form.Item name="name" label={t.nameLabel} rules={[fromSchema(BookCategoryCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.nameHint} autoFocus />
      </Form.Item>
    </ResourceForm>
  );
}
