import { nameText } from '../../ui/content-name.tsx';
import { HEADERS } from '@tamaq/contract/constants';
import type { CashboxDish, Order } from '@tamaq/contract/orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarOutlined } from '@ant-design/icons';
import { App, Card, Col, Flex, Row, type InputRef } from 'antd';
import { LinkButton } from '../../ui/link-button.tsx';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText, isApiError } from '../../lib/api-client.ts';
import { formatCost } from '../../lib/money.ts';
import { useSession } from '../../lib/use-session.ts';
import { useStationTarget } from '../../lib/use-station-target.ts';
import { schoolOptionsQuery, SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { CartPanel } from './cart-panel.tsx';
import { boardItems, DishBoard } from './dish-board.tsx';
import { Receipt } from '../../ui/receipt.tsx';
import { useCart, type PriceChange } from './use-cart.ts';
import { cashState } from './cash.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

const t = i18n.food.cashbox;
const cashboxKey = ['cashbox'] as const;
const money = (amount: string) => formatCost(amount, t.currency);

/** The dishes a 404 of placing an order found gone (OrderDishesGone), checked by hand. */
function missingOf(body: unknown): number[] | null {
  const missing = (body as { missing?: unknown } | undefined)?.missing;
  return Array.isArray(missing) && missing.length > 0 && missing.every(Number.isInteger) ? (missing as number[]) : null;
}

/** The current prices in a 409 of placing an order (OrderPricesChanged), checked by hand. */
function pricesOf(body: unknown): CashboxDish[] | null {
  const prices = (body as { prices?: unknown } | undefined)?.prices;
  if (!Array.isArray(prices)) return null;
  const ok = prices.every(
    (p: { id?: unknown; name?: unknown; cost?: unknown }) =>
      Number.isInteger(p.id) && typeof p.name === 'string' && typeof p.cost === 'string',
  );
  return ok ? (prices as CashboxDish[]) : null;
}

/**
 * /cashbox (docs/product.md, the education admin and cashier): the school's favourites and today's paid menu,
 * a cart kept in this browser, and the order paid in cash, priced by the server and placed once per
 * cart (its Idempotency-Key survives a retry and a reload). Worked from the keyboard: the search is
 * focused, ↑ ↓ and Enter add, + and − change the last dish, Del removes it, F9 or Ctrl+Enter pays.
 * The paid order prints as an 80 mm receipt.
 */
export function CashboxPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const list = useListParams();
  const locked = session?.school ?? null;
  const schools = useQuery({ ...schoolOptionsQuery(), enabled: locked === null });
  const chosen = useStationTarget(
    'cashbox',
    session?.sub,
    schools.data?.rows.map((s) => s.id),
    Number(list.params.schoolId) || undefined,
  );
  const schoolId = locked ?? chosen;
  const schoolRow = schools.data?.rows.find((s) => s.id === schoolId);
  const schoolName = schoolRow ? nameText(schoolRow) : null;

  const data = useQuery({
    queryKey: [...cashboxKey, schoolId ?? 0],
    queryFn: ({ signal }) => callEndpoint('orders', 'cashbox', { query: { schoolId } }, { signal }),
    enabled: schoolId !== undefined,
    placeholderData: keepPreviousData,
    // The prices the cashier sees are the ones charged: asked again on every visit and on coming
    // back to the window (a price may have changed in the dish form meanwhile).
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
  const { message } = App.useApp();
  const cart = useCart(session && schoolId !== undefined ? `tamaq.cart.${session.sub}.${schoolId}` : null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [paid, setPaid] = useState<Order | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cash, setCash] = useState('');
  // An emptied cart takes no cash: the next order starts without the last one's.
  if (cart.lines.length === 0 && cash !== '') setCash('');
  const cashInfo = cashState(cash, cart.total, t.currency);
  const cashRef = useRef<InputRef>(null);
  const showChanges = useCallback((changes: PriceChange[]) => {
    if (changes.length === 0) return;
    setNotice(t.repriced(changes.map((c) => `${c.name}: ${money(c.from)} → ${money(c.to)}`).join(', ')));
  }, []);

  // The cart takes the board's prices whenever the board is loaded: a saved cart shows what will be charged.
  const reprice = useRef(cart.reprice);
  useEffect(() => {
    reprice.current = cart.reprice;
  });
  useEffect(() => {
    if (!data.data || data.isPlaceholderData) return;
    showChanges(
      reprice.current(
        [...data.data.favorites, ...data.data.menu.flatMap((c) => c.products)].map((d) => ({
          ...d,
          name: nameText(d),
        })),
      ),
    );
  }, [data.data, data.isPlaceholderData, showChanges]);
  const inputRef = useRef<InputRef>(null);
  const items = boardItems(data.data, query);
  const refocus = useCallback(() => inputRef.current?.focus(), []);

  const pay = useMutation({
    mutationFn: () =>
      callEndpoint(
        'orders',
        'create',
        {
          body: {
            school_id: schoolId!,
            payment_type: 'cash',
            products: cart.lines.map((l) => ({ id: l.id, count: l.count, cost: l.cost })),
            ...(cashInfo.received !== null ? { cash_received: cashInfo.received } : {}),
          },
        },
        { headers: { [HEADERS.idempotency]: cart.requestKey() } },
      ),
    onSuccess: (order) => {
      setPaid(order);
      setFailure(null);
      setNotice(null);
      setCash('');
      cart.clear();
      void queryClient.invalidateQueries({ queryKey: cashboxKey });
      // The cash field (where Enter may have paid) goes with the cart: the next order's keys go to the
      // dish search, not to the page.
      refocus();
    },
    onError: (err) => {
      // Dishes deleted while in the cart: taken out, named, the rest kept for F9 again.
      const gone = isApiError(err) && err.status === 404 ? missingOf(err.body) : null;
      const names = gone ? cart.lines.filter((l) => gone.includes(l.id)).map((l) => l.name) : [];
      if (gone && names.length > 0) {
        cart.removeDishes(gone);
        setFailure(null);
        setNotice(t.removedGone(names));
        void queryClient.invalidateQueries({ queryKey: cashboxKey });
        return;
      }
      setFailure(`${t.failed}: ${errorText(err)}`);
      // A price changed since it was put in the cart: the cart takes the prices now, nothing was sold.
      const prices = isApiError(err) && err.status === 409 ? pricesOf(err.body) : null;
      if (prices) {
        // The failure names the changes now; an older notice would only contradict it.
        setNotice(null);
        cart.reprice(prices.map((d) => ({ ...d, name: nameText(d) })));
        void queryClient.invalidateQueries({ queryKey: cashboxKey });
      }
    },
  });
  const { isPending: paying, mutate } = pay;
  const hasDrafts = cart.drafts.size > 0;
  const overLimit = cart.overLimit;
  const cashError = cashInfo.error;
  const payNow = useCallback(() => {
    if (cart.lines.length === 0 || paying) return;
    // A count typed wrong is corrected first: nothing is paid for a number the cashier did not mean.
    if (hasDrafts) {
      void message.error(overLimit ? t.countOverMax : t.countInvalid);
      return;
    }
    // Cash short of the sum, or not money: the cashier sees why, in the field, and nothing is paid.
    if (cashError !== null) {
      void message.error(cashError);
      cashRef.current?.focus();
      return;
    }
    setFailure(null);
    mutate();
  }, [cart.lines.length, paying, mutate, hasDrafts, overLimit, message, cashError]);

  const add = (dish: CashboxDish) => {
    // The cart and the receipt name it in the cashier's language.
    if (!cart.add({ ...dish, name: nameText(dish) })) void message.warning(t.countMax);
    setPaid(null);
    setQuery('');
    setActive(0);
    refocus();
  };

  // F9 and Ctrl+Enter pay wherever the focus is; F8 goes to the cash received.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        cashRef.current?.focus({ cursor: 'all' });
      } else if (e.key === 'F9' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        payNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [payNow]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const numpad = e.code === 'NumpadAdd' || e.code === 'NumpadSubtract';
    // + and − change the last dish; in a search they are typed, unless they come from the numpad.
    const countKey = (e.key === '+' || e.key === '-') && (numpad || query === '');
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, Math.min(items.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const item = items[Math.min(active, items.length - 1)];
      if (item) add(item.dish);
    } else if (countKey) {
      e.preventDefault();
      if (cart.current !== null && !cart.change(cart.current, e.key === '+' ? 1 : -1)) void message.warning(t.countMax);
    } else if (e.key === 'Delete' && query === '') {
      e.preventDefault();
      if (cart.current !== null) cart.remove(cart.current);
    } else if (e.key === 'Escape') {
      setQuery('');
      setActive(0);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="cashbox-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card
            title={t.title}
            extra={
              <Flex gap={8} align="center">
                <LinkButton
                  to={schoolId !== undefined ? `/cashbox/day?schoolId=${schoolId}` : '/cashbox/day'}
                  icon={<CalendarOutlined />}
                  data-testid="open-cashier-day"
                >
                  {i18n.food.cashierDay.open}
                </LinkButton>
                {locked === null && (
                  <SchoolSelect
                    value={schoolId ?? null}
                    onChange={(id) => {
                      list.setParam('schoolId', id);
                      refocus();
                    }}
                  />
                )}
              </Flex>
            }
          >
            <DishBoard
              data={data.data}
              loading={data.isFetching}
              error={data.error}
              items={items}
              query={query}
              onQuery={(q) => {
                setQuery(q);
                setActive(0);
              }}
              active={Math.min(active, Math.max(0, items.length - 1))}
              onAdd={add}
              onKeyDown={onKeyDown}
              inputRef={inputRef}
            />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <div style={{ position: 'sticky', top: 16 }}>
            <CartPanel
              cart={cart}
              paying={paying}
              onPay={payNow}
              paid={paid}
              onNewOrder={() => {
                setPaid(null);
                refocus();
              }}
              failure={failure}
              notice={notice}
              refocus={refocus}
              cash={cash}
              onCash={setCash}
              cashInfo={cashInfo}
              cashRef={cashRef}
            />
          </div>
        </Col>
      </Row>
      {paid && <Receipt order={paid} school={paid.school ? nameText(paid.school) : schoolName} />}
    </Flex>
  );
}
