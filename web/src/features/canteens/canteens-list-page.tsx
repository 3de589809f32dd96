import type { Canteen } from '@tamaq/contract/canteens';
import { ru } from '../../i18n/ru.ts';
import { formatDate } from '../../lib/dates.ts';
import { ResourceList } from '../../ui/resource-list.tsx';
import { canteensResource } from './canteens-resource.ts';

const t = ru.catalogs.canteens;

/** docs/product.md "Canteens": the organization's canteens with search (200 ms debounce), add, edit and delete. */
export function CanteensListPage() {
  return (
    <ResourceList<Canteen>
      resource={canteensResource}
      texts={t}
      formPath="/canteen"
      testId="canteens-page"
      columns={[
        { key: 'address', title: t.address, dataIndex: 'address' },
        { key: 'description', title: t.description, dataIndex: 'description', render: (v: string | null) => v ?? '' },
        {
          key: 'created',
          title: ru.catalogs.actions.created,
          width: 120,
          render: (_, row) => formatDate(row.created_at),
        },
      ]}
    />
  );
}
