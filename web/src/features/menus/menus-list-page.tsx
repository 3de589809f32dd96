import { MEAL_MODES, MENU_SEASONS, type Menu } from '@tamaq/contract/menus';
import { Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { ResourceList } from '../../ui/resource-list.tsx';
import { menusResource } from './menus-resource.ts';

const t = i18n.food.menus;

export const modeNames = (groups: string) =>
  groups
    .split(',')
    .filter(Boolean)
    .map((g) => MEAL_MODES[Number(g) as keyof typeof MEAL_MODES] ?? g);

/** /menus (docs/product.md): id, name and days; delete is refused for a menu in use (the server says why). */
export function MenusListPage() {
  return (
    <ResourceList<Menu>
      resource={menusResource}
      texts={t}
      formPath="/menu"
      testId="menus-page"
      leading={[{ key: 'id', title: '№', width: 72, render: (_, row) => row.id }]}
      columns={[
        { key: 'days', title: t.days, width: 140, render: (_, row) => t.daysOf(row.days) },
        {
          key: 'season',
          title: t.season,
          width: 150,
          render: (_, row) => (row.season ? MENU_SEASONS[row.season] : t.seasonAll),
        },
        {
          key: 'groups',
          title: t.groups,
          render: (_, row) => <Typography.Text type="secondary">{modeNames(row.groups).join(', ')}</Typography.Text>,
        },
        {
          key: 'used',
          title: t.state,
          width: 130,
          render: (_, row) => (row.activations > 0 ? <Tag color="green">{t.inUse}</Tag> : null),
        },
      ]}
    />
  );
}
