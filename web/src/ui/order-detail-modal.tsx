import { nameText } from './content-name.tsx';
import { PrinterOutlined } from '@ant-design/icons';
import type { Order, OrderLine } from '@tamaq/contract/orders';
import { Alert, Button, Descriptions, Modal, Table } from 'antd';
import { i18n } from '../i18n/texts.ts';
import { formatCost } from '../lib/money.ts';
import { formatVisitTime } from '../lib/visit-time.ts';

const t = i18n.food.orderDetail;
const money = (amount: string) => formatCost(amount, i18n.food.cashbox.currency);

export interface OrderDetailModalProps {
  order: Order | null;
  timeZone: string;
  onClose: () => void;
  onPrint: (order: Order) => void;
  /** Offered when the user may void this order (absent: no «Отменить»). */
  onVoid?: (order: Order) => void;
}

/**
 * One order in full: when, where and by whom, each dish at the price it was sold, the sum, the cash
 * received and the change, and — voided — who voided it, when and why; its receipt printed again.
 */
export function OrderDetailModal({ order, timeZone, onClose, onPrint, onVoid }: OrderDetailModalProps) {
  return (
    <Modal
      open={order !== null}
      title={order ? t.title(order.id) : ''}
      onCancel={onClose}
      width={640}
      footer={
        order && [
          onVoid && !order.voided && (
            <Button key="void" danger onClick={() => onVoid(order)}>
              {i18n.food.orders.voidSubmit}
            </Button>
          ),
          <Button key="print" icon={<PrinterOutlined />} onClick={() => onPrint(order)}>
            {i18n.food.orders.reprint}
          </Button>,
          <Button key="close" type="primary" onClick={onClose}>
            {t.close}
          </Button>,
        ]
      }
      data-testid="order-detail"
    >
      {order && (
        <>
          {order.voided && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title={t.voided(order.voided.reason)}
              description={t.voidedBy(order.voided.by, formatVisitTime(order.voided.at, timeZone))}
            />
          )}
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t.at}>{formatVisitTime(order.created_at, timeZone)}</Descriptions.Item>
            <Descriptions.Item label={t.school}>{order.school ? nameText(order.school) : t.noSchool}</Descriptions.Item>
            <Descriptions.Item label={t.cashier}>{order.cashier ?? t.noCashier}</Descriptions.Item>
            <Descriptions.Item label={t.payment}>{t.cash}</Descriptions.Item>
          </Descriptions>
          <Table<OrderLine>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.products}
            columns={[
              { key: 'name', title: t.dish, render: (_, l) => nameText(l) },
              { key: 'cost', title: t.cost, align: 'right', render: (_, l) => money(l.cost) },
              { key: 'count', title: t.count, align: 'right', render: (_, l) => l.count },
              { key: 'amount', title: t.amount, align: 'right', render: (_, l) => money(l.amount) },
            ]}
            summary={() => (
              <>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <b>{t.total}</b>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <b>{order.count}</b>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <b data-testid="order-detail-total">{money(order.amount)}</b>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
                {order.cash_received !== null && order.change !== null && (
                  <>
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={3}>
                        {t.received}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        {money(order.cash_received)}
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={3}>
                        {t.change}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        {money(order.change)}
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  </>
                )}
              </>
            )}
          />
        </>
      )}
    </Modal>
  );
}
