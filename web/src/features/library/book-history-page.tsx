import { ArrowLeftOutlined } from '@ant-design/icons';
import type { BookHistoryRow } from '@tamaq/contract/library';
import { Alert, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useCopyHistory } from './api/book-copies.ts';
import { positiveParam } from '../../ui/resource-form.tsx';

const t = i18n.library.history;

const ACTION_COLOURS: Record<BookHistoryRow['action'], string> = {
  took: 'blue',
  returned: 'green',
  created: 'default',
  updated: 'default',
  removed: 'red',
  barcode_created: 'default',
  barcode_removed: 'red',
};

/** The extra column: the due date of an issue, or of a renewal. */
const extra = (row: BookHistoryRow): string => {
  if (row.action !== 'took' || !row.data?.expired_at) return '';
  return (row.data.renewed ? t.renewedUntil : t.until)(formatDate(row.data.expired_at));
};

/** '/books/:id/histories' (docs/product.md): a copy's history (the id is the copy's) with its book's. */
export function BookHistoryPage() {
  const barcodeId = positiveParam(useParams().id);
  const list = useListParams();
  const history = useCopyHistory(barcodeId, { limit: list.limit, offset: list.offset });
  if (barcodeId === null || (history.isError && !history.data)) {
    return <Alert type="error" showIcon title={history.isError ? errorText(history.error) : t.notFound} />;
  }
  const h = history.data;
  return (
    <Flex vertical gap={16} data-testid="book-history-page">
      <Card
        loading={!h}
        title={
          <Space>
            <LinkButton
              type="text"
              icon={<ArrowLeftOutlined />}
              to={h ? `/books/${h.book.id}/barcodes` : '/books'}
              aria-label={t.back}
            />
            {t.title}
          </Space>
        }
      >
        {h && (
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t.book}>{h.book.name}</Descriptions.Item>
            <Descriptions.Item label={t.authors}>{h.book.authors}</Descriptions.Item>
            <Descriptions.Item label={t.publisher}>{h.book.publisher}</Descriptions.Item>
            <Descriptions.Item label={t.year}>{h.book.year}</Descriptions.Item>
            <Descriptions.Item label={t.barcode}>
              <Typography.Text code>{h.barcode.barcode}</Typography.Text>
              {h.barcode.deleted && <Tag style={{ marginLeft: 8 }}>{t.copyRemoved}</Tag>}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card>
        <DataTable<BookHistoryRow>
          rowKey="id"
          rows={h?.rows}
          total={h?.total}
          loading={history.isFetching}
          limit={list.limit}
          offset={list.offset}
          onPageChange={list.setOffset}
          error={history.error}
          onRetry={() => void history.refetch()}
          emptyText={t.empty}
          columns={[
            { key: 'librarian', title: t.librarian, render: (_, r) => r.librarian?.name ?? '—' },
            { key: 'user', title: t.student, render: (_, r) => r.user?.name ?? '' },
            {
              key: 'action',
              title: t.action,
              render: (_, r) => <Tag color={ACTION_COLOURS[r.action]}>{t.actions[r.action]}</Tag>,
            },
            { key: 'date', title: t.date, render: (_, r) => formatDateTime(r.created_at) },
            { key: 'extra', title: t.extra, render: (_, r) => extra(r) },
          ]}
        />
      </Card>
    </Flex>
  );
}
