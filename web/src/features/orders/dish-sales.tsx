import type { DishSale } from '@tamaq/contract/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Statistic, Typography, type TableColumnsType } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { formatCost } from '../../lib/money.ts';
import { ContentName } from '../../ui/content-name.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { callEndpoint } from '../../lib/endpoint-client.ts';

const t = i18n.food.orders;
const money = (amount: string) => formatCost(amount, i18n.food.cashbox.currency);

const columns: TableColumnsType<DishSale> = [
  { key: 'name', title: t.dish, render: (_, d) => <ContentName value={d} /> },
  {
    key: 'category',
    title: t.category,
    width: 200,
    render: (_, d) => (d.category ? <ContentName value={d.category} /> : ''),
  },
  { key: 'count', title: t.portions, width: 150, align: 'right', render: (_, d) => d.count },
  { key: 'orders', title: t.inOrders, width: 110, align: 'right', render: (_, d) => d.orders },
  { key: 'amount', title: t.amount, width: 150, align: 'right', render: (_, d) => money(d.amount) },
];

/** The period's sales by dish, most sold first: portions, orders and sum (voided orders out). */
export function DishSalesTable({ filter }: { filter: { school_id?: number; date_from: string; date_to: string } }) {
  const sales = useQuery({
    queryKey: ['orders', 'dishes', filter],
    queryFn: ({ signal }) => callEndpoint('orders', 'dishSales', { query: filter }, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = sales.data;
  return (
    <>
      {!sales.isError && (
        <Flex gap={48} wrap style={{ marginBottom: 16 }} data-testid="dish-sales-totals">
          <Statistic title={t.totalDishes} value={data?.count ?? 0} loading={!data} />
          <Statistic title={t.totalAmount} value={data ? money(data.amount) : ''} loading={!data} />
          <Statistic title={t.dishKinds} value={data?.rows.length ?? 0} loading={!data} />
        </Flex>
      )}
      <DataTable<DishSale>
        columns={columns}
        rowKey="id"
        rows={data?.rows}
        total={data?.rows.length}
        loading={sales.isFetching}
        limit={Math.max(1, data?.rows.length ?? 1)}
        offset={0}
        onPageChange={() => undefined}
        error={sales.error}
        onRetry={() => void sales.refetch()}
        emptyText={<Typography.Text type="secondary">{t.empty}</Typography.Text>}
        data-testid="dish-sales"
      />
    </>
  );
}
