import type { Card as CardRow } from '@tamaq/contract/cards';
import { Card, Flex, type TableColumnsType } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useCards } from './api/get-cards.ts';
import { holderColumn, numberColumn } from './card-columns.tsx';
import { CardUseSwitch } from './card-use-switch.tsx';
import { SearchField } from '../../ui/search-field.tsx';

const t = i18n.orgs.cards;

const columns: TableColumnsType<CardRow> = [
  numberColumn,
  holderColumn,
  { title: t.columns.use, key: 'use', render: (_, card) => <CardUseSwitch card={card} /> },
];

/**
 * /cards (docs/product.md "Cards"): the organization's own cards, found by number or holder or by scanning a
 * card, each switchable between one-time and endless use.
 */
export function CardsPage() {
  const list = useListParams();
  useBarcodeScanner(list.setQuery);
  const { data, isFetching, error, refetch } = useCards({
    query: list.debouncedQuery || undefined,
    limit: list.limit,
    offset: list.offset,
  });
  return (
    <Card title={t.title} data-testid="cards-page">
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchField
          allowClear
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          label={t.search}
          style={{ maxWidth: 500 }}
        />
      </Flex>
      <DataTable<CardRow>
        columns={columns}
        rowKey="id"
        rows={data?.rows}
        total={data?.total}
        loading={isFetching}
        limit={list.limit}
        offset={list.offset}
        onPageChange={list.setOffset}
        emptyText={t.empty}
        error={error}
        onRetry={() => void refetch()}
      />
    </Card>
  );
}
