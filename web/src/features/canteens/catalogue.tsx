import { Canteen, CanteenCreate, CanteenUpdate } from '@tamaq/contract/canteens';
import { Form, Input } from 'antd';
import { bilingual } from '../../i18n/bilingual.ts';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { defineResource } from '../../lib/resource.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { ResourceList } from '../../ui/resource-list.tsx';

/**
 * The organization's canteens (docs/product.md "Canteens"), a catalogue of `catalogues.ts`: the list
 * '/canteens' with search, add, edit and delete; the form '/canteen/create' and '/canteen/:id'.
 */
const resource = defineResource({
  key: 'canteens',
  group: 'canteens',
  row: Canteen,
  create: CanteenCreate,
  update: CanteenUpdate,
});

const t = bilingual({
  ru: {
    title: 'Столовые',
    newTitle: 'Новая столовая',
    editTitle: 'Редактирование столовой',
    search: 'Поиск по названию или адресу',
    add: 'Добавить столовую',
    name: 'Название',
    namePlaceholder: 'Например, Столовая №1',
    address: 'Адрес',
    description: 'Описание',
    confirmDelete: 'Вы действительно желаете удалить столовую?',
    deleted: 'Столовая удалена',
    created: 'Столовая добавлена',
    saved: 'Столовая сохранена',
    loadFailed: 'Не удалось загрузить столовую',
    empty: 'Столовых пока нет',
  },
  kk: {
    title: 'Асханалар',
    newTitle: 'Жаңа асхана',
    editTitle: 'Асхананы өңдеу',
    search: 'Атауы немесе мекенжайы бойынша іздеу',
    add: 'Асхана қосу',
    name: 'Атауы',
    namePlaceholder: 'Мысалы, №1 асхана',
    address: 'Мекенжайы',
    description: 'Сипаттамасы',
    confirmDelete: 'Асхананы шынымен жойғыңыз келе ме?',
    deleted: 'Асхана жойылды',
    created: 'Асхана қосылды',
    saved: 'Асхана сақталды',
    loadFailed: 'Асхананы жүктеу мүмкін болмады',
    empty: 'Әзірге асхана жоқ',
  },
});

/** The canteens with their address and description, newest date last. */
export function ListScreen() {
  return (
    <ResourceList<Canteen>
      resource={resource}
      texts={t}
      formPath="/canteen"
      testId="canteens-page"
      columns={[
        { key: 'address', title: t.address, dataIndex: 'address' },
        { key: 'description', title: t.description, dataIndex: 'description', render: (v: string | null) => v ?? '' },
        {
          key: 'created',
          title: i18n.catalogs.actions.created,
          width: 120,
          render: (_, row) => formatDate(row.created_at),
        },
      ]}
    />
  );
}

/** Name, address, description; saving returns to the list. */
export function FormScreen() {
  return (
    <ResourceForm
      resource={resource}
      texts={t}
      backPath="/canteens"
      testId="canteen-form-page"
      values={(c) => ({ name: c?.name ?? '', address: c?.address ?? '', description: c?.description ?? '' })}
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(CanteenCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item name="address" label={t.address} rules={[fromSchema(CanteenCreate.shape.address)]} required>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="description" label={t.description} rules={[fromSchema(CanteenCreate.shape.description)]}>
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </ResourceForm>
  );
}
