import { ArrowLeftOutlined, DeleteOutlined, HistoryOutlined, PrinterOutlined } from '@ant-design/icons';
import { BOOK_COUNT_MAX, LIBRARY_MESSAGES, type BookBarcodeRow } from '@tamaq/contract/library';
import { App, Alert, Button, Card, Descriptions, Flex, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { CARD_FIELD_ATTRIBUTE, useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useAddCopy, useGenerateCopies, useRemoveCopies, useRemoveCopy } from './api/book-copies.ts';
import { BookLabels, LABELS_PER_SHEET } from './book-labels.tsx';
import { LabelStartPicker } from './label-start-picker.tsx';
import { IntegerInput } from '../../ui/integer-input.tsx';
import { booksResource } from './books-resource.ts';
import { positiveParam } from '../../ui/resource-form.tsx';

const t = i18n.library.copies;
/** Up to this many copies at once are made without a question. */
const ASK_ABOVE_COPIES = 20;

/**
 * '/books/:id/barcodes' (docs/product.md): a book's copies. Generate N barcodes, type one, or scan a
 * label anywhere on the page; each copy shows how often it was issued, its history and a delete.
 */
export function BookBarcodesPage() {
  const bookId = positiveParam(useParams().id);
  const book = booksResource.useOne(bookId);
  const { message, modal } = App.useApp();
  const generate = useGenerateCopies();
  const add = useAddCopy();
  const remove = useRemoveCopy();
  const removeMany = useRemoveCopies();
  /** Copies ticked for removing together; one no longer listed (removed meanwhile) is dropped. */
  const [picked, setPicked] = useState<number[]>([]);
  // The first free cell of the label sheet put in the printer (1: a new sheet).
  const [start, setStart] = useState(1);
  const [countForm] = Form.useForm<{ count: number | string }>();
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
  // Only a scanner's burst: digits typed at a person's pace and Enter outside the field make no copy.
  useBarcodeScanner((code) => void addBarcode(code), { enabled: book.isSuccess, burstOnlyOutside: true });

  const onGenerate = async (count: number) => {
    if (!bookId) return;
    // Many at once asks first, saying what it prints: a mistyped 500 is 21 sheets of labels.
    if (count > ASK_ABOVE_COPIES) {
      const goOn = await new Promise<boolean>((resolve) =>
        modal.confirm({
          title: t.confirmMany(count),
          content: (
            <div data-testid="copies-question">{t.confirmManyText(count, Math.ceil(count / LABELS_PER_SHEET))}</div>
          ),
          okText: t.confirmManyOk,
          cancelText: i18n.ui.cancel,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      );
      if (!goOn) return;
    }
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
  const listed = new Set(b?.barcodes.map((c) => c.id));
  const ticked = picked.filter((id) => listed.has(id));
  const removeTicked = async () => {
    if (!bookId) return;
    try {
      const { count } = await removeMany.mutateAsync({ book_id: bookId, ids: ticked });
      setPicked([]);
      void message.success(t.removedMany(count));
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const back = `/books${b ? `?schoolId=${b.schoolId}` : ''}`;
  return (
    <Flex vertical gap={16} data-testid="book-barcodes-page">
      {b && <BookLabels labels={b.barcodes.map((c) => ({ barcode: c.barcode, name: b.name }))} skip={start - 1} />}
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
          <Flex gap={24} wrap justify="space-between">
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ flex: '1 1 360px' }}>
              <Descriptions.Item label={t.book}>{b.name}</Descriptions.Item>
              <Descriptions.Item label={t.authors}>{b.authors}</Descriptions.Item>
              <Descriptions.Item label={t.publisher}>{b.publisher}</Descriptions.Item>
              <Descriptions.Item label={t.year}>{b.year}</Descriptions.Item>
            </Descriptions>
            {b.barcodes.length > 0 && <LabelStartPicker value={start} onChange={setStart} />}
          </Flex>
        )}
      </Card>
      <Card>
        <Flex gap={32} wrap>
          <Form
            form={countForm}
            layout="vertical"
            initialValues={{ count: 1 }}
            onFinish={(v) => void onGenerate(Number(v.count))}
            style={{ minWidth: 260 }}
          >
            <Form.Item
              name="count"
              label={t.count}
              extra={t.countHint}
              rules={[
                { required: true, type: 'integer', min: 1, max: BOOK_COUNT_MAX, message: LIBRARY_MESSAGES.count },
              ]}
            >
              <IntegerInput aria-label={t.count} style={{ width: 120 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={generate.isPending}>
              {t.generate}
            </Button>
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
        {ticked.length > 0 && (
          <Flex gap={8} align="center" style={{ marginTop: 16 }} data-testid="copies-picked">
            <Typography.Text>{t.picked(ticked.length)}</Typography.Text>
            <Popconfirm
              title={t.confirmRemoveMany(ticked.length)}
              okText={i18n.ui.yes}
              cancelText={i18n.ui.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={removeTicked}
            >
              <Button danger icon={<DeleteOutlined />} loading={removeMany.isPending}>
                {t.removeMany(ticked.length)}
              </Button>
            </Popconfirm>
            <Button type="text" onClick={() => setPicked([])}>
              {t.unpick}
            </Button>
          </Flex>
        )}
        <DataTable<BookBarcodeRow>
          rowKey="id"
          rows={b?.barcodes}
          total={b?.barcodes.length}
          loading={book.isFetching}
          limit={1000}
          offset={0}
          onPageChange={() => {}}
          emptyText={t.empty}
          rowSelection={{
            selectedRowKeys: ticked,
            onChange: (keys) => setPicked(keys.map(Number)),
            getCheckboxProps: (row) => ({ 'aria-label': t.pick(row.barcode) }),
          }}
          columns={[
            {
              key: 'barcode',
              title: t.barcode,
              render: (_, row) => <Typography.Text code>{row.barcode}</Typography.Text>,
            },
            { key: 'total', title: t.total, dataIndex: 'total', width: 140 },
            {
              key: 'actions',
              title: i18n.catalogs.actions.actions,
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
