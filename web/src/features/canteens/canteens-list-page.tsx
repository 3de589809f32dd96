import type { Canteen } from '@tamaq/contract/canteens';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { ResourceList } from '../../ui/resource-list.tsx';
import { canteensResource } from './canteens-resource.ts';

const t = i18n.catalogs.canteens;

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
          title: i18n.catalogs.actions.created,
          width: 120,
          render: (_, row) => formatDate(row.created_at),
        },
      ]}
    />
  );
}
