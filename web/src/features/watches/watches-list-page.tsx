import type { Watch } from '@tamaq/contract/watches';
import { Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { ResourceList } from '../../ui/resource-list.tsx';
import { compactDays, daysOf } from './days.ts';
import { watchesResource } from './watches-resource.ts';

const t = i18n.catalogs.watches;

/** docs/product.md "Watches": duty schedules with search and delete; days shown as ranges ("1–5, 10"). */
export function WatchesListPage() {
  return (
    <ResourceList<Watch>
      resource={watchesResource}
      texts={t}
      formPath="/watch"
      testId="watches-page"
      columns={[
        {
          key: 'days',
          title: t.days,
          render: (_, row) => {
            const days = daysOf(row.days);
            return (
              <span data-testid="watch-days">
                {compactDays(days)} <Typography.Text type="secondary">({t.daysCount(days.length)})</Typography.Text>
              </span>
            );
          },
        },
      ]}
    />
  );
}
