import { ArrowLeftOutlined, HistoryOutlined, PrinterOutlined } from '@ant-design/icons';
import { BOOK_COUNT_MAX, type BookBarcodeRow } from '@tamaq/contract/library';
import { App, Alert, Button, Card, Descriptions, Flex, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { errorText } from '../../lib/api-client.ts';
import { CARD_FIELD_ATTRIBUTE, useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useAddCopy, useGenerateCopies, useRemoveCopy } from './api/book-copies.ts';
import { BookLabels } from './book-labels.tsx';
import { booksResource } from './books-resource.ts';
import { positiveParam } from '../../ui/resource-form.tsx';

const t = ru.library.copies;

/**
 * '/books/:id/barcodes' (spec 2 §2): a book's copies. Generate N barcodes, type one, or scan a
 * label anywhere on the page; each copy shows how often it was issued, its history and a delete.
 */
export function BookBarcodesPage() {
  const bookId = positiveParam(useParams().id);
  const book = booksResource.useOne(bookId);
  const { message } = App.useApp();
  const generate = useGenerateCopies();
  const add = useAddCopy();
  const remove = useRemoveCopy();
  const [count, setCount] = useState<number | null>(1);
  const [manual, setManual] = useState('');
  const [manualError, setManualError] = useState<string | null>(null);

  const addBarcode = async (raw: string) => {
    const barcode = raw.trim();
    if (!bookId || !barcode) return;
    setManualError(null);
    try {
      await add.mutateAsync({ book_id: bookId, barcode });
      setManual('');
      void message.success(t.added(barcode.toUpperCase()));
    } catch (err) {
      setManualError(errorText(err));
    }
  };
  // A label scanned anywhere on the page is a new copy (the manual field takes its own keys).
  useBarcodeScanner((code) => void addBarcode(code), { enabled: book.isSuccess });

  const onGenerate = async () => {
    if (!bookId || !count) return;
    try {
      await generate.mutateAsync({ book_id: bookId, count });
      void message.success(t.generated(count));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  if (bookId === null || book.isError) {
    return <Alert type="error" showIcon title={book.isError ? errorText(book.error) : t.notFound} />;
  }
  const b = book.data;
  const back = `/books${b ? `?schoolId=${b.schoolId}` : ''}`;
  return (
    <Flex vertical gap={16} data-testid="book-barcodes-page">
      {b && <BookLabels labels={b.barcodes.map((c) => ({ barcode: c.barcode, name: b.name }))} />}
      <Card
        loading={!b}
        title={
          <Space>
            <LinkButton type="text" icon={<ArrowLeftOutlined />} to={back} aria-label={t.back} />
            {t.title}
          </Space>
        }
        extra={
          <Button icon={<PrinterOutlined />} disabled={!b?.barcodes.length} onClick={() => window.print()}>
            {t.printLabels}
          </Button>
        }
      >
        {b && (
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t.book}>{b.name}</Descriptions.Item>
            <Descriptions.Item label={t.authors}>{b.authors}</Descriptions.Item>
            <Descriptions.Item label={t.publisher}>{b.publisher}</Descriptions.Item>
            <Descriptions.Item label={t.year}>{b.year}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card>
        <Flex gap={32} wrap>
          <Form layout="vertical" onFinish={() => void onGenerate()} style={{ minWidth: 260 }}>
            <Form.Item label={t.count} extra={t.countHint}>
              <Space.Compact>
                <InputNumber
                  min={1}
                  max={BOOK_COUNT_MAX}
                  precision={0}
                  value={count}
                  onChange={setCount}
                  aria-label={t.count}
                  style={{ width: 120 }}
                />
                <Button type="primary" htmlType="submit" loading={generate.isPending} disabled={!count}>
                  {t.generate}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Form>
          <Form layout="vertical" onFinish={() => void addBarcode(manual)} style={{ minWidth: 300, flex: 1 }}>
            <Form.Item
              label={t.manual}
              extra={manualError ? undefined : t.manualHint}
              validateStatus={manualError ? 'error' : undefined}
              help={manualError ?? undefined}
            >
              <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
                <Input
                  value={manual}
                  onChange={(e) => {
                    setManual(e.target.value);
                    setManualError(null);
                  }}
                  maxLength={64}
                  placeholder={t.manualPlaceholder}
                  aria-label={t.manual}
                  {...{ [CARD_FIELD_ATTRIBUTE]: '' }}
                />
                <Button htmlType="submit" loading={add.isPending} disabled={!manual.trim()}>
                  {t.add}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Form>
        </Flex>
        <DataTable<BookBarcodeRow>
          rowKey="id"
          rows={b?.barcodes}
          total={b?.barcodes.length}
          loading={book.isFetching}
          limit={1000}
          offset={0}
          onPageChange={() => {}}
          emptyText={t.empty}
          columns={[
            {
              key: 'barcode',
              title: t.barcode,
              render: (_, row) => <Typography.Text code>{row.barcode}</Typography.Text>,
            },
            { key: 'total', title: t.total, dataIndex: 'total', width: 140 },
            {
              key: 'actions',
              title: ru.catalogs.actions.actions,
              width: 120,
              render: (_, row) => (
                <Space size={0}>
                  <LinkButton
                    type="text"
                    icon={<HistoryOutlined />}
                    to={`/books/${row.id}/histories`}
                    aria-label={t.historyOf(row.barcode)}
                    title={t.history}
                  />
                  <ConfirmDelete
                    title={t.confirmDelete(row.barcode)}
                    onConfirm={async () => {
                      await remove.mutateAsync(row.id);
                      void message.success(t.deleted);
                    }}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
