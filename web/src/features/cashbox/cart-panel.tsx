import { DeleteOutlined, MinusOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { ORDER_COUNT_MAX, type Order } from '@tamaq/contract/orders';
import { Alert, Button, Card, Empty, Flex, Input, Popconfirm, Space, theme, Typography, type InputRef } from 'antd';
import type { Ref } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { formatCost, fromTiyn, toTiyn } from '../../lib/money.ts';
import type { CashState } from './cash.ts';
import type { useCart } from './use-cart.ts';

const t = i18n.food.cashbox;
const money = (amount: string) => formatCost(amount, t.currency);
/** A line's sum as its field says, or a dash while the field holds no whole number. */
const amountOf = (count: number | null, cost: string) => (count === null ? '—' : money(fromTiyn(toTiyn(cost) * count)));

export interface CartPanelProps {
  cart: ReturnType<typeof useCart>;
  paying: boolean;
  onPay: () => void;
  paid: Order | null;
  onNewOrder: () => void;
  failure: string | null;
  /** What changed in the cart by itself: prices taken over, dishes no longer sold (shown until paid). */
  notice: string | null;
  /** Focus goes back to the search after a click here. */
  refocus: () => void;
  /** The cash handed over, as typed, and what it makes: the change or why it cannot be taken. */
  cash: string;
  onCash: (typed: string) => void;
  cashInfo: CashState;
  cashRef: Ref<InputRef>;
}

/** The order being made: lines with − count +, the exact sum, Clear (asks first) and Pay (F9). */
export function CartPanel({
  cart,
  paying,
  onPay,
  paid,
  onNewOrder,
  failure,
  notice,
  refocus,
  cash,
  onCash,
  cashInfo,
  cashRef,
}: CartPanelProps) {
  const { token } = theme.useToken();
  return (
    <Card title={t.cart} data-testid="cart" styles={{ body: { padding: 12 } }}>
      {paid && cart.lines.length === 0 && (
        <Alert
          type="success"
          showIcon
          data-testid="order-paid"
          title={t.paid(paid.id, money(paid.amount))}
          description={
            paid.change !== null && (
              <Typography.Text strong style={{ fontSize: 18 }} data-testid="paid-change">
                {t.changeDue(money(paid.change))}
              </Typography.Text>
            )
          }
          style={{ marginBottom: 12 }}
          action={
            <Space orientation="vertical">
              <Button size="small" icon={<PrinterOutlined />} onClick={() => window.print()}>
                {t.print}
              </Button>
              <Button size="small" type="text" onClick={onNewOrder}>
                {t.newOrder}
              </Button>
            </Space>
          }
        />
      )}
      {notice && cart.lines.length > 0 && (
        <Alert type="warning" showIcon title={notice} style={{ marginBottom: 12 }} data-testid="cart-notice" />
      )}
      {failure && (
        <Alert type="error" showIcon title={failure} description={t.retryHint} style={{ marginBottom: 12 }} />
      )}
      {cart.lines.length === 0 ? (
        <Empty description={t.cartEmpty} />
      ) : (
        <Flex vertical gap={4} role="list" aria-label={t.cart}>
          {cart.lines.map((l) => (
            <Flex
              key={l.id}
              role="listitem"
              data-testid="cart-line"
              aria-current={l.id === cart.current}
              vertical
              gap={2}
              style={{
                padding: '6px 8px',
                borderRadius: token.borderRadius,
                background: l.id === cart.current ? token.colorPrimaryBg : undefined,
              }}
            >
              {/* The whole name on its own row: a 1024 px school PC leaves the cart about 350 px. */}
              <Typography.Text style={{ overflowWrap: 'anywhere' }} data-testid="line-name">
                {l.name}
              </Typography.Text>
              <Flex align="center" gap={6}>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {money(l.cost)} ×
                </Typography.Text>
                <Button
                  size="small"
                  icon={<MinusOutlined />}
                  aria-label={t.decrease(l.name)}
                  onClick={() => {
                    cart.change(l.id, -1);
                    refocus();
                  }}
                />
                <Input
                  size="small"
                  inputMode="numeric"
                  autoComplete="off"
                  value={cart.drafts.get(l.id) ?? String(l.count)}
                  status={cart.drafts.has(l.id) ? 'error' : undefined}
                  aria-label={t.countOf(l.name)}
                  aria-invalid={cart.drafts.has(l.id)}
                  aria-describedby={cart.drafts.has(l.id) ? 'cart-count-error' : undefined}
                  onChange={(e) => cart.typeCount(l.id, e.target.value)}
                  onPressEnter={() => {
                    if (!cart.drafts.has(l.id)) refocus();
                  }}
                  style={{ width: 64, textAlign: 'center' }}
                />
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={t.increase(l.name)}
                  disabled={l.count >= ORDER_COUNT_MAX}
                  title={l.count >= ORDER_COUNT_MAX ? t.countMax : undefined}
                  onClick={() => {
                    cart.change(l.id, 1);
                    refocus();
                  }}
                />
                <Typography.Text
                  strong
                  style={{ flex: 1, textAlign: 'right', whiteSpace: 'nowrap' }}
                  data-testid="line-amount"
                >
                  {amountOf(cart.lineCount(l.id), l.cost)}
                </Typography.Text>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t.removeLine(l.name)}
                  onClick={() => {
                    cart.remove(l.id);
                    refocus();
                  }}
                />
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
      {cart.drafts.size > 0 && (
        <Typography.Text type="danger" id="cart-count-error" role="alert" data-testid="cart-count-error">
          {cart.overLimit ? t.countOverMax : t.countInvalid}
        </Typography.Text>
      )}
      {/* Said aloud when it changes, for whoever works the cashbox by ear. */}
      <Flex justify="space-between" align="baseline" style={{ marginTop: 16 }} role="status" aria-atomic="true">
        <Typography.Text type="secondary">{cart.count === null ? '' : t.dishes(cart.count)}</Typography.Text>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="cart-total">
          {t.total}: {cart.total === null ? '—' : money(fromTiyn(cart.total))}
        </Typography.Title>
      </Flex>
      {cart.lines.length > 0 && (
        <Flex vertical gap={4} style={{ marginTop: 12 }}>
          <Flex align="center" gap={8} wrap>
            <label htmlFor="cash-received">{t.cashReceived}</label>
            <Input
              id="cash-received"
              ref={cashRef}
              inputMode="decimal"
              autoComplete="off"
              suffix={t.currency}
              placeholder="0,00"
              value={cash}
              status={cashInfo.error ? 'error' : undefined}
              aria-invalid={cashInfo.error !== null}
              aria-describedby={cashInfo.error ? 'cash-error' : 'cash-hint'}
              onChange={(e) => onCash(e.target.value)}
              onPressEnter={onPay}
              style={{ width: 160 }}
              data-testid="cash-received"
            />
            {/* Present before the change is known, so that a screen reader says it when it comes. */}
            <span role="status">
              {cashInfo.change !== null && (
                <Typography.Text strong style={{ fontSize: 16 }} data-testid="cash-change">
                  {t.changeDue(money(cashInfo.change))}
                </Typography.Text>
              )}
            </span>
          </Flex>
          {cashInfo.error ? (
            <Typography.Text type="danger" id="cash-error" role="alert" data-testid="cash-error">
              {cashInfo.error}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" id="cash-hint" style={{ fontSize: 12 }}>
              {t.cashHint}
            </Typography.Text>
          )}
        </Flex>
      )}
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        <Popconfirm
          title={t.confirmClear}
          okText={i18n.ui.yes}
          cancelText={i18n.ui.cancel}
          onConfirm={() => {
            cart.clear();
            onCash('');
            refocus();
          }}
          disabled={cart.lines.length === 0}
        >
          <Button disabled={cart.lines.length === 0}>{t.clear}</Button>
        </Popconfirm>
        <Button
          type="primary"
          size="large"
          block
          loading={paying}
          disabled={cart.lines.length === 0 || cart.drafts.size > 0 || cashInfo.error !== null}
          onClick={onPay}
          data-testid="pay"
        >
          {t.pay} ({t.payKey})
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12, marginBottom: 0 }}>
        {t.keys}
      </Typography.Paragraph>
    </Card>
  );
}
