import { ClockCircleOutlined } from '@ant-design/icons';
import type { FixationCategory } from '@tamaq/contract/fixation-categories';
import { Space } from 'antd';
import { ResourceList } from '../../ui/resource-list.tsx';
import { fixationCategoriesResource, useCategoryTexts } from './fixation-categories-resource.ts';

/** docs/product.md "Meal times": meal-time categories in list order (position, then start time), with search and delete. */
export function FixationCategoriesListPage() {
  const t = useCategoryTexts();
  return (
    <ResourceList<FixationCategory>
      resource={fixationCategoriesResource}
      texts={t}
      formPath="/fixation/category"
      testId="fixation-categories-page"
      leading={[{ key: 'position', title: t.position, dataIndex: 'position', width: 100, align: 'right' }]}
      columns={[
        {
          key: 'time',
          title: t.time,
          render: (_, row) => (
            <Space size={6} data-testid="category-window" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <ClockCircleOutlined />
              {`${row.time_start}–${row.time_finish}`}
            </Space>
          ),
        },
      ]}
    />
  );
}
