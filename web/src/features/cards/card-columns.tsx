import type { Card } from '@tamaq/contract/cards';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { i18n } from '../../i18n/texts.ts';

const t = i18n.orgs.cards;

export const numberColumn: TableColumnsType<Card>[number] = {
  title: t.columns.number,
  dataIndex: 'number',
  render: (number: string) => <Typography.Text code>{number}</Typography.Text>,
};

export const holderColumn: TableColumnsType<Card>[number] = {
  title: t.columns.holder,
  key: 'holder',
  render: (_, card) => card.user?.name ?? <Typography.Text type="secondary">{t.noHolder}</Typography.Text>,
};

/** The use count as text, where it cannot be changed (the super admin's view). */
export const useColumn: TableColumnsType<Card>[number] = {
  title: t.columns.use,
  dataIndex: 'endless_use',
  render: (value: string) => (value === 'Y' ? <Tag color="blue">{t.endless}</Tag> : <Tag>{t.oneTime}</Tag>),
};
