import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { BOOK_LABELS_PAGE } from '@tamaq/contract/library';
import { Alert, Button, Card, Descriptions, Empty, Flex, Pagination, Space, Typography } from 'antd';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { positiveParam } from '../../ui/resource-form.tsx';
import { useImportLabels } from './api/book-copies.ts';
import { BookLabels, sheetsFor } from './book-labels.tsx';
import { LabelStartPicker } from './label-start-picker.tsx';

const t = i18n.library.importLabels;
/** A common A4 label sheet holds 3 × 8 labels (see BookLabels). */
const PER_SHEET = 24;
const sheetsOf = (labels: number) => Math.ceil(labels / PER_SHEET);

/**
 * '/books/imports/:id/labels': the labels of the copies one book file created, 20 A4 sheets at a
 * time. A file of 20,000 copies is 834 sheets: printed part by part, the page stays light and a
 * jammed printer costs one part, not the morning. The part is kept in the address (`?part=`).
 */
export function ImportLabelsPage() {
  const importId = positiveParam(useParams().id);
  const [search, setSearch] = useSearchParams();
  const part = Math.max(1, Number(search.get('part')) || 1);
  const labels = useImportLabels(importId, (part - 1) * BOOK_LABELS_PAGE);
  // The first free cell of the label sheet put in the printer (1: a new sheet).
  const [start, setStart] = useState(1);

  if (importId === null || labels.isError) {
    return <Alert type="error" showIcon title={labels.isError ? errorText(labels.error) : t.notFound} />;
  }
  const data = labels.data;
  const back = `/books${data ? `?schoolId=${data.school_id}` : ''}`;
  const firstSheet = (part - 1) * (BOOK_LABELS_PAGE / PER_SHEET) + 1;
  // A sheet already begun takes fewer labels: this part may need one sheet more.
  const lastSheet = data ? firstSheet + sheetsFor(data.rows.length, start) - 1 : firstSheet;
  const totalSheets = data ? Math.max(sheetsOf(data.total), lastSheet) : 0;
  const printable = !!data && data.rows.length > 0 && !labels.isPlaceholderData;

  return (
    <Flex vertical gap={16} data-testid="import-labels-page">
      {printable && <BookLabels labels={data.rows} skip={start - 1} />}
      <Card
        loading={!data}
        title={
          <Space>
            <LinkButton type="text" icon={<ArrowLeftOutlined />} to={back} aria-label={t.back} />
            {t.title}
          </Space>
        }
        extra={
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            disabled={!printable}
            onClick={() => window.print()}
            data-testid="print-import-labels"
          >
            {printable ? t.printRange(firstSheet, lastSheet) : t.print}
          </Button>
        }
      >
        {data && (
          <Flex vertical gap={16}>
            <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
              <Descriptions.Item label={t.when}>{formatDateTime(data.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t.books}>{data.books.toLocaleString('ru')}</Descriptions.Item>
              <Descriptions.Item label={t.copies}>{data.total.toLocaleString('ru')}</Descriptions.Item>
            </Descriptions>
            {data.total === 0 ? (
              <Empty description={t.empty} />
            ) : (
              <>
                <Typography.Text data-testid="import-labels-range">
                  {t.sheetsRange(firstSheet, lastSheet, totalSheets)}
                </Typography.Text>
                <LabelStartPicker value={start} onChange={setStart} />
                {data.total > BOOK_LABELS_PAGE && (
                  <>
                    <Typography.Text type="secondary">{t.sheetsHint}</Typography.Text>
                    <Pagination
                      current={part}
                      pageSize={BOOK_LABELS_PAGE}
                      total={data.total}
                      showSizeChanger={false}
                      onChange={(next) => setSearch({ part: String(next) }, { replace: true })}
                      aria-label={t.sheets}
                    />
                  </>
                )}
              </>
            )}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
