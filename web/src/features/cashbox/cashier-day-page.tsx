import { PrinterOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { Order } from '@tamaq/contract/orders';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Select,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { LinkButton } from '../../ui/link-button.tsx';
import { i18n } from '../../i18n/texts.ts';
import { fromApiDate, toApiDate } from '../../lib/dates.ts';
import { useOrganizationTimeZone } from '../../lib/profile.ts';
import { useSession } from '../../lib/use-session.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Receipt } from '../../ui/receipt.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { OrderDetailModal } from '../../ui/order-detail-modal.tsx';
import { VoidOrderModal } from '../../ui/void-order-modal.tsx';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { DayPrint, dishesOf, money, timeOf } from './day-print.tsx';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.food.cashierDay;
const o = i18n.food.orders;
/**
 * /cashbox/day (the education admin and cashier): one day of a school's till — every order, voided
 * ones struck through, the cash expected in the drawer — printable on A4 to hand over with the cash.
 * A cashier sees their own day and voids their own orders of today; the admin any cashier's, any day.
 */
export function CashierDayPage() {
  const session = useSession();
  const admin = session?.role === 'EducationAdmin';
  const locked = session?.school ?? null;
  const timeZone = useOrganizationTimeZone();
  const list = useListParams();
  const { setParam, setParams } = list;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const date = list.params.date ?? today;
  const schoolId = locked ?? (Number(list.params.schoolId) || null);
  const userId = admin ? Number(list.params.userId) || null : null;
  const ready = schoolId !== null;
  const query = { date, school_id: schoolId ?? undefined, user_id: userId ?? undefined };
  const day = useQuery({
    queryKey: ['cashier-day', query],
    queryFn: ({ signal }) => callEndpoint('orders', 'day', { query }, { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const [voiding, setVoiding] = useState<Order | null>(null);
  const [detail, setDetail] = useState<Order | null>(null);
  const [printing, setPrinting] = useState<{ order: Order } | { day: true } | null>(null);
  useEffect(() => {
    if (printing) window.print();
  }, [printing]);
  const data = day.data;
  // A cashier voids their own orders on the day of the sale only; the admin any order.
  const canVoid = admin || date === today;

  const columns: TableColumnsType<Order> = [
    {
      key: 'id',
      title: o.number,
      width: 100,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          aria-label={i18n.food.orderDetail.open(r.id)}
          onClick={() => setDetail(r)}
          data-testid={`open-order-${r.id}`}
        >
          {r.id}
        </Button>
      ),
    },
    { key: 'at', title: t.time, width: 80, render: (_, r) => timeOf(r.created_at, timeZone) },
    ...(admin && userId === null
      ? [{ key: 'cashier', title: o.cashier, width: 160, render: (_: unknown, r: Order) => r.cashier ?? '' }]
      : []),
    {
      key: 'dishes',
      title: o.dishes,
      render: (_, r) => (
        <div style={{ maxWidth: '22rem' }}>
          {dishesOf(r)}
          {r.voided && (
            <div data-testid="order-voided">
              <Tag color="red">{o.voidedTag}</Tag>
              <Typography.Text type="secondary">
                {o.voidedBy(r.voided.reason, r.voided.by, formatVisitTime(r.voided.at, timeZone))}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'cash',
      title: `${t.received} / ${t.change}`,
      width: 220,
      align: 'right',
      render: (_, r) =>
        r.cash_received !== null && r.change !== null ? (
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {money(r.cash_received)} / {money(r.change)}
          </Typography.Text>
        ) : null,
    },
    {
      key: 'amount',
      title: o.amount,
      width: 130,
      align: 'right',
      render: (_, r) => (r.voided ? <Typography.Text delete>{money(r.amount)}</Typography.Text> : money(r.amount)),
    },
    {
      key: 'actions',
      title: o.actions,
      width: 140,
      render: (_, r) => (
        <Flex gap={8}>
          <Tooltip title={o.reprint}>
            <Button
              size="small"
              icon={<PrinterOutlined />}
              aria-label={`${o.reprint} №${r.id}`}
              onClick={() => setPrinting({ order: r })}
            />
          </Tooltip>
          {!r.voided && canVoid && (
            <Button size="small" danger onClick={() => setVoiding(r)} data-testid={`void-order-${r.id}`}>
              {o.voidAction}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={t.title}
      data-testid="cashier-day-page"
      extra={
        <Flex gap={8}>
          <LinkButton
            to={schoolId !== null && locked === null ? `/cashbox?schoolId=${schoolId}` : '/cashbox'}
            icon={<ShoppingCartOutlined />}
          >
            {t.back}
          </LinkButton>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            disabled={!data || day.isPlaceholderData}
            onClick={() => setPrinting({ day: true })}
            data-testid="print-day"
          >
            {t.print}
          </Button>
        </Flex>
      }
    >
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        {locked === null && (
          <SchoolSelect value={schoolId} onChange={(id) => setParams({ schoolId: id, userId: null })} />
        )}
        <DatePicker
          format="DD.MM.YYYY"
          allowClear={false}
          aria-label={t.date}
          value={fromApiDate(date)}
          disabledDate={(d) => d.isAfter(dayjs(today), 'day')}
          onChange={(d) => d && setParam('date', toApiDate(d))}
        />
        {admin && (
          <Select
            aria-label={t.cashier}
            style={{ minWidth: 220 }}
            value={userId ?? 0}
            onChange={(v: number) => setParam('userId', v === 0 ? null : v)}
            options={[
              { value: 0, label: t.allCashiers },
              ...(data?.cashiers ?? [])
                .filter((c) => c.id !== null)
                .map((c) => ({ value: c.id!, label: c.name ?? String(c.id) })),
              ...(userId !== null && data?.cashier && !data.cashiers.some((c) => c.id === userId)
                ? [{ value: userId, label: data.cashier.name }]
                : []),
            ]}
            data-testid="cashier-select"
          />
        )}
      </Flex>
      {!ready ? (
        <Alert type="info" showIcon title={t.chooseSchool} />
      ) : (
        <>
          {!day.isError && (
            <Flex gap={48} wrap style={{ marginBottom: 16 }} data-testid="day-totals">
              <Statistic title={t.soldOrders} value={data?.totals.orders ?? 0} loading={!data} />
              <Statistic title={t.expected} value={data ? money(data.totals.amount) : ''} loading={!data} />
              <Statistic title={t.dishes} value={data?.totals.products ?? 0} loading={!data} />
              {data && data.totals.voided > 0 && (
                <Statistic title={t.voided} value={t.voidedOf(data.totals.voided, money(data.totals.voided_amount))} />
              )}
            </Flex>
          )}
          {admin && userId === null && data && data.cashiers.length > 1 && (
            <Table
              size="small"
              style={{ marginBottom: 16, maxWidth: 640 }}
              title={() => t.byCashier}
              rowKey={(c) => c.id ?? 0}
              pagination={false}
              dataSource={data.cashiers}
              columns={[
                { key: 'name', title: t.cashier, render: (_, c) => c.name ?? '' },
                { key: 'orders', title: t.orders, align: 'right', render: (_, c) => c.orders },
                { key: 'voided', title: t.voided, align: 'right', render: (_, c) => c.voided },
                { key: 'amount', title: t.expected, align: 'right', render: (_, c) => money(c.amount) },
              ]}
              data-testid="day-cashiers"
            />
          )}
          <DataTable<Order>
            columns={columns}
            rowKey="id"
            rows={data?.orders}
            total={data?.orders.length}
            loading={day.isFetching}
            limit={Math.max(1, data?.orders.length ?? 1)}
            offset={0}
            onPageChange={() => undefined}
            error={day.error}
            onRetry={() => void day.refetch()}
            emptyText={<Typography.Text type="secondary">{t.empty}</Typography.Text>}
          />
          {printing && 'order' in printing && (
            <Receipt
              order={printing.order}
              school={printing.order.school ? nameText(printing.order.school) : null}
              copy
            />
          )}
          {printing && 'day' in printing && data && <DayPrint day={data} timeZone={timeZone} />}
          <OrderDetailModal
            order={detail}
            timeZone={timeZone}
            onClose={() => setDetail(null)}
            onPrint={(order) => {
              setDetail(null);
              setPrinting({ order });
            }}
            {...(canVoid
              ? {
                  onVoid: (order: Order) => {
                    setDetail(null);
                    setVoiding(order);
                  },
                }
              : {})}
          />
          <VoidOrderModal
            order={voiding}
            onClose={() => setVoiding(null)}
            onVoided={() => {
              setVoiding(null);
              void queryClient.invalidateQueries({ queryKey: ['cashier-day'] });
              void queryClient.invalidateQueries({ queryKey: ['orders'] });
            }}
          />
        </>
      )}
    </Card>
  );
}
