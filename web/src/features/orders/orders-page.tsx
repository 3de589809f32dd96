import { nameText } from '../../ui/content-name.tsx';
import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import type { Order } from '@tamaq/contract/orders';
import { ORDERS_PAGE_SIZE } from '@tamaq/contract/orders';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Segmented, Statistic, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { toApiDate } from '../../lib/dates.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { formatCost } from '../../lib/money.ts';
import { useOrganizationTimeZone } from '../../lib/profile.ts';
import { useSession } from '../../lib/use-session.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { PeriodPicker } from '../../ui/period-picker.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { Receipt } from '../../ui/receipt.tsx';
import { DishSalesTable } from './dish-sales.tsx';
import { OrderDetailModal } from '../../ui/order-detail-modal.tsx';
import { VoidOrderModal } from '../../ui/void-order-modal.tsx';
import { callEndpoint, endpointPath } from '../../lib/endpoint-client.ts';

const t = i18n.food.orders;
const money = (amount: string) => formatCost(amount, i18n.food.cashbox.currency);

/**
 * /orders (docs/product.md, the education admin): a school's cash orders over a period (from the first of the
 * month to today by default; both dates required), 10 a page, with the period's totals and the same
 * rows and totals as .xlsx. The filters live in the link.
 */
export function OrdersPage() {
  const downloadHref = useDownloadHref();
  const list = useListParams({ limit: ORDERS_PAGE_SIZE });
  const timeZone = useOrganizationTimeZone();
  const locked = useSession()?.school ?? null;
  const { setParam, setParams } = list;
  const urlSchool = Number(list.params.schoolId) || null;
  const schoolId = locked ?? urlSchool;
  const dateFrom = list.params.dateFrom ?? toApiDate(dayjs().startOf('month'));
  const dateTo = list.params.dateTo ?? toApiDate(dayjs());
  const ready = schoolId !== null && dateFrom !== '' && dateTo !== '';
  const filter = { school_id: schoolId ?? undefined, date_from: dateFrom, date_to: dateTo };
  const byDish = list.params.view === 'dishes';
  const downloadLink = ready
    ? downloadHref(endpointPath('orders', byDish ? 'dishSalesDownload' : 'download'), filter)
    : null;
  const report = useQuery({
    queryKey: ['orders', filter, list.offset],
    queryFn: ({ signal }) =>
      callEndpoint('orders', 'report', { query: { ...filter, limit: list.limit, offset: list.offset } }, { signal }),
    enabled: ready && !byDish,
    placeholderData: keepPreviousData,
  });
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const queryClient = useQueryClient();
  const [voiding, setVoiding] = useState<Order | null>(null);
  const [detail, setDetail] = useState<Order | null>(null);
  // A reprint: the receipt is put on the page, then printed (a copy; a voided order says so).
  const [printing, setPrinting] = useState<{ order: Order } | null>(null);
  useEffect(() => {
    if (printing) window.print();
  }, [printing]);

  const columns: TableColumnsType<Order> = [
    {
      key: 'id',
      title: t.number,
      width: 110,
      render: (_, o) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          aria-label={i18n.food.orderDetail.open(o.id)}
          onClick={() => setDetail(o)}
          data-testid={`open-order-${o.id}`}
        >
          {o.id}
        </Button>
      ),
    },
    { key: 'at', title: t.at, width: 150, render: (_, o) => formatVisitTime(o.created_at, timeZone) },
    { key: 'cashier', title: t.cashier, width: 180, render: (_, o) => o.cashier ?? '' },
    {
      key: 'dishes',
      title: t.dishes,
      // Narrower than other lists' text, so the sum and the action fit beside it at 1280 px.
      render: (_, o) => (
        <div style={{ maxWidth: '19rem' }}>
          {o.products.map((p) => `${nameText(p)} × ${p.count}`).join(', ')}
          {o.voided && (
            <div data-testid="order-voided">
              <Tag color="red">{t.voidedTag}</Tag>
              <Typography.Text type="secondary">
                {t.voidedBy(o.voided.reason, o.voided.by, formatVisitTime(o.voided.at, timeZone))}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    { key: 'count', title: t.count, width: 80, align: 'right', render: (_, o) => o.count },
    {
      key: 'amount',
      title: t.amount,
      width: 140,
      align: 'right',
      render: (_, o) => (o.voided ? <Typography.Text delete>{money(o.amount)}</Typography.Text> : money(o.amount)),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 150,
      render: (_, o) => (
        <Flex gap={8}>
          <Tooltip title={t.reprint}>
            <Button
              size="small"
              icon={<PrinterOutlined />}
              aria-label={t.reprint}
              onClick={() => setPrinting({ order: o })}
              data-testid={`reprint-order-${o.id}`}
            />
          </Tooltip>
          {!o.voided && (
            <Button size="small" danger onClick={() => setVoiding(o)} data-testid={`void-order-${o.id}`}>
              {t.voidAction}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
  const data = report.data;

  return (
    <Card
      title={t.title}
      data-testid="orders-page"
      extra={
        <Button
          icon={<FileExcelOutlined />}
          href={downloadLink ?? undefined}
          disabled={downloadLink === null || (!byDish && report.isError)}
          data-testid="orders-download"
        >
          {t.download}
        </Button>
      }
    >
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        {locked === null && <SchoolSelect value={urlSchool} onChange={chooseSchool} />}
        <PeriodPicker from={dateFrom} to={dateTo} onChange={(p) => setParams({ dateFrom: p.from, dateTo: p.to })} />
        <Segmented
          aria-label={t.view}
          value={byDish ? 'dishes' : 'orders'}
          onChange={(v) => setParam('view', v === 'dishes' ? 'dishes' : null)}
          options={[
            { value: 'orders', label: t.viewOrders },
            { value: 'dishes', label: t.viewDishes },
          ]}
          data-testid="orders-view"
        />
      </Flex>
      {!ready ? (
        <Alert type="info" showIcon title={t.choosePeriod} />
      ) : byDish ? (
        <DishSalesTable filter={filter} />
      ) : (
        <>
          {/* A period that failed to load has no totals: the table below says why (no pulsing forever). */}
          {!report.isError && (
            <Flex gap={48} wrap style={{ marginBottom: 16 }} data-testid="orders-totals">
              <Statistic title={t.totalOrders} value={data ? data.total - data.voided : 0} loading={!data} />
              <Statistic title={t.totalAmount} value={data ? money(data.amount) : ''} loading={!data} />
              <Statistic title={t.totalDishes} value={data?.products ?? 0} loading={!data} />
              {data && data.voided > 0 && <Statistic title={t.totalVoided} value={data.voided} />}
            </Flex>
          )}
          <DataTable<Order>
            columns={columns}
            rowKey="id"
            rows={data?.rows}
            total={data?.total}
            loading={report.isFetching}
            limit={list.limit}
            offset={list.offset}
            onPageChange={list.setOffset}
            error={report.error}
            onRetry={() => void report.refetch()}
            emptyText={<Typography.Text type="secondary">{t.empty}</Typography.Text>}
          />
          {printing && (
            <Receipt
              order={printing.order}
              school={printing.order.school ? nameText(printing.order.school) : null}
              copy
            />
          )}
          <OrderDetailModal
            order={detail}
            timeZone={timeZone}
            onClose={() => setDetail(null)}
            onPrint={(order) => {
              setDetail(null);
              setPrinting({ order });
            }}
            onVoid={(order) => {
              setDetail(null);
              setVoiding(order);
            }}
          />
          <VoidOrderModal
            order={voiding}
            onClose={() => setVoiding(null)}
            onVoided={() => {
              setVoiding(null);
              void queryClient.invalidateQueries({ queryKey: ['orders'] });
            }}
          />
        </>
      )}
    </Card>
  );
}
