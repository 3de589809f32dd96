import { BookCreate, type Book } from '@tamaq/contract/library';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import { useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { positiveParam, ResourceForm } from '../../ui/resource-form.tsx';
import { schoolOptionsQuery } from '../../ui/school-select.tsx';
import { bookCategoriesResource } from './book-categories-resource.ts';
import { booksResource } from './books-resource.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.library.books;

type Values = {
  name: string;
  categoryId: number | null;
  authors: string;
  publisher: string;
  year: string;
  language: string;
  discipline: string;
  direction: string;
  type: string;
};

const rule = (field: keyof typeof BookCreate.shape) => [fromSchema(BookCreate.shape[field])];

/** '/books/:schoolId/create' and '/books/:schoolId/:id' (docs/product.md): every field of a book. */
export function BookFormPage() {
  const params = useParams();
  const urlSchoolId = positiveParam(params.schoolId);
  const book = booksResource.useOne(positiveParam(params.id));
  const schoolId = book.data?.schoolId ?? urlSchoolId;
  const schools = useQuery(schoolOptionsQuery());
  // docs/product.md "Limits": the form loads up to 1000 categories of the school.
  const categories = bookCategoriesResource.useList({ schoolId, query: '', limit: 1000, offset: 0 });
  const school = book.data?.school ?? schools.data?.rows.find((s) => s.id === schoolId);
  return (
    <ResourceForm
      resource={booksResource}
      texts={{
        title: t.title,
        newTitle: t.newTitle,
        editTitle: t.editTitle,
        created: t.created,
        saved: t.saved,
        loadFailed: t.loadFailed,
      }}
      backPath={`/books${schoolId ? `?schoolId=${schoolId}` : ''}`}
      crumbs={school ? [nameText(school)] : []}
      invalid={urlSchoolId === null}
      testId="book-form-page"
      maxWidth={760}
      skeletonRows={6}
      values={(b): Values => ({
        name: b?.name ?? '',
        categoryId: b?.categoryId ?? null,
        authors: b?.authors ?? '',
        publisher: b?.publisher ?? '',
        year: b ? String(b.year) : '',
        language: b?.language ?? '',
        discipline: b?.discipline ?? '',
        direction: b?.direction ?? '',
        type: b?.type ?? '',
      })}
      body={(v: Values, b: Book | null) => ({
        schoolId: b?.schoolId ?? schoolId ?? 0,
        categoryId: v.categoryId ?? null,
        name: v.name,
        authors: v.authors,
        publisher: v.publisher,
        year: v.year,
        language: v.language || null,
        discipline: v.discipline || null,
        direction: v.direction || null,
        type: v.type || null,
      })}
    >
      <Form.Item name="name" label={t.name} rules={rule('name')} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item name="categoryId" label={t.category}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t.categoryPlaceholder}
          loading={categories.isLoading}
          options={(categories.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))}
          notFoundContent={t.noCategories}
        />
      </Form.Item>
      <Form.Item name="authors" label={t.authors} rules={rule('authors')} required>
        <Input maxLength={255} placeholder={t.authorsPlaceholder} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={16}>
          <Form.Item name="publisher" label={t.publisher} rules={rule('publisher')} required>
            <Input maxLength={255} placeholder={t.publisherPlaceholder} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="year" label={t.yearLabel} rules={rule('year')} required>
            <Input inputMode="numeric" placeholder="2024" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="language" label={t.language} rules={rule('language')}>
            <Input maxLength={255} placeholder={t.languagePlaceholder} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="discipline" label={t.discipline} rules={rule('discipline')}>
            <Input maxLength={255} placeholder={t.disciplinePlaceholder} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="direction" label={t.direction} rules={rule('direction')}>
            <Input maxLength={255} placeholder={t.directionPlaceholder} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="type" label={t.type} rules={rule('type')}>
            <Input maxLength={255} placeholder={t.typePlaceholder} />
          </Form.Item>
        </Col>
      </Row>
    </ResourceForm>
  );
}
